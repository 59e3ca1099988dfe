import type { Translations } from "./translations";

/** A duration as the desk says it (app/staff/inbox/desk-days.ts: whole days from two days on). */
type Parts = { days: number; hours: number; minutes: number };
const enParts = ({ days, hours, minutes }: Parts) =>
  days
    ? `${days} days`
    : hours
      ? `${hours} h${minutes ? ` ${minutes} min` : ""}`
      : minutes
        ? `${minutes} min`
        : "under a minute";
const hrDays = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? `${n} dan` : `${n} dana`);
const hrParts = ({ days, hours, minutes }: Parts) =>
  days
    ? hrDays(days)
    : hours
      ? `${hours} h${minutes ? ` ${minutes} min` : ""}`
      : minutes
        ? `${minutes} min`
        : "manje od minute";

type FollowUp = "new" | "replied" | "booked" | "closed" | "spam";
type DeliveryState = "pending" | "sending" | "delivered" | "failed" | "quarantined" | "not-sent";
type DayGroup = "tonight" | "week" | "weekend" | "later";

/** The team's inbox: the list, an enquiry's page, export and erasure. */
const en = {
  nav: "Inbox",
  title: "Inbox",
  lead: (count: string) => `${count} — newest first.`,
  waiting: (n: number) => (n === 1 ? "1 enquiry waits for an answer" : `${n} enquiries wait for an answer`),
  /** During a search: what matched (counted up to a bound: "1000+ found"). */
  found: (n: number, more: boolean) => `${n}${more ? "+" : ""} found`,
  views: { label: "Views", all: "All", needsReply: "Needs a reply", upcoming: "Upcoming" },
  pager: { first: "Back to the start", next: "Next page" },
  needsReply: {
    title: "Needs a reply",
    lead: "New enquiries, oldest first: the longest wait is at the top.",
    none: "Nothing waits for a reply.",
  },
  upcoming: {
    title: "Upcoming",
    lead: "Enquiries with an event from today on (Croatian time), by day and time. Closed ones and spam are left out.",
    none: "No upcoming events.",
    groups: { tonight: "Tonight", week: "This week", weekend: "This weekend", later: "Later" } satisfies Record<
      DayGroup,
      string
    >,
  },
  waited: (p: Parts) => `waiting ${enParts(p)}`,
  firstReply: (p: Parts) => `first reply after ${enParts(p)}`,
  noReplyYet: (p: Parts) => `no reply yet: waiting ${enParts(p)}`,
  event: "Event",
  /** One-click follow-up buttons (the state each sets); the label names the enquiry for screen readers. */
  mark: {
    new: "Back to new",
    replied: "Replied",
    booked: "Booked",
    closed: "Closed",
    spam: "Spam",
  } satisfies Record<FollowUp, string>,
  markLabel: (state: string, name: string) => `Mark ${name}: ${state}`,
  bookLabel: (name: string) => `Book ${name}: date, venue, guests, deposit`,
  markHint: "Mark as",
  replyTo: (name: string) => `Reply by e-mail to ${name}`,
  search: "Search",
  searchHint: "Reference, name, e-mail, phone or words of the message",
  filters: "Filters",
  apply: "Apply",
  clear: "Clear",
  any: "Any",
  from: "From",
  to: "To",
  followUpLabel: "Follow-up",
  deliveryLabel: "Delivery",
  categoryLabel: "Category",
  languageLabel: "Language",
  followUp: {
    new: "New",
    replied: "Replied",
    booked: "Booked",
    closed: "Closed",
    spam: "Spam",
  } satisfies Record<FollowUp, string>,
  delivery: {
    pending: "Waiting",
    sending: "Sending",
    delivered: "Delivered",
    failed: "Failed",
    quarantined: "Quarantined",
    "not-sent": "Not sent: limit",
  } satisfies Record<DeliveryState, string>,
  /** A delivery waiting on a channel this server does not send through (none configured). */
  held: "Here only (no channel set)",
  /** A pending delivery whose channel's provider is failing: it waits its turn, it is not retried on its own. */
  waitingForProvider: "Waiting for the provider",
  channelFailing: (channel: string, since: string, next: string | undefined) =>
    `${channel} is failing since ${since}${next ? ` and will be tried again at ${next}` : ""}. Enquiries wait here, none is lost, and go out oldest first once it answers.`,
  channel: (name: string) =>
    ({
      email: "E-mail",
      confirmation: "Confirmation to the visitor",
      slack: "Slack",
      discord: "Discord",
      telegram: "Telegram",
      webhook: "Webhook",
      push: "Phone alerts",
      booking: "Booking to the guest",
      reply: "Reply to the visitor",
    })[name] ?? name,
  languages: { en: "English", hr: "Croatian" } as Record<string, string>,
  received: "Received",
  reference: "Reference",
  none: "No enquiry matches.",
  noneYet: "No enquiries yet. They appear here the moment a visitor sends one.",
  older: "Older",
  newest: "Back to the newest",
  exportTitle: "Export",
  exportCsv: "Export CSV",
  exportJson: "Export JSON lines",
  exportHint: "Exports what the filter shows (every page of it).",
  ownersExport: "Exports, and a person's requests about their data (access, erasure), are for owners.",
  subject: "Everything about one e-mail address",
  subjectHint: "Find and export what is held about a person (their right of access), or erase it.",
  subjectFind: "Find",
  subjectExport: "Export everything (JSON)",
  subjectErase: (n: number) => (n === 1 ? "Erase the 1 entry" : `Erase all ${n} entries`),
  subjectConfirm: "Type the e-mail address again to confirm",
  subjectQuarantined: (n: number) =>
    `${n === 1 ? "1 entry" : `${n} entries`} quarantined by an import (unreadable files) also mention${n === 1 ? "s" : ""} it: exported and erased with the rest.`,
  subjectErased: (n: number) => (n === 1 ? "1 enquiry was erased." : `${n} enquiries were erased.`),
  enquiry: {
    back: "Back to the inbox",
    title: (name: string) => `Enquiry from ${name}`,
    fields: "What the visitor sent",
    name: "Name",
    email: "E-mail",
    phone: "Phone",
    category: "Category",
    message: "Message",
    language: "Language",
    page: "Sent from",
    reply: "Reply",
    replyEmail: "Reply by e-mail",
    call: "Call",
    whatsapp: "WhatsApp",
    replySubject: (reference: string) => `Your enquiry ${reference}`,
    replyHint: "Replying by e-mail, WhatsApp or phone marks a new enquiry replied.",
    others: (n: number, more: boolean) =>
      n === 1 ? "1 other enquiry from this person" : `${n}${more ? "+" : ""} other enquiries from this person`,
    deliveries: "Deliveries",
    attempts: (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`),
    /** A delivery whose channel's provider is failing. */
    waitsForProvider: (since: string, next: string | undefined) =>
      `The provider has been failing since ${since}: this enquiry waits its turn, oldest first${next ? `; the provider is tried again at ${next}` : ""}. Nothing to do.`,
    /** A delivery that failed on its own and waits out its own backoff. */
    nextTry: (at: string) => `Tried again on its own at ${at}.`,
    retry: "Retry now",
    retried: "Sent back to the queue: it goes out at the next turn.",
    followUp: "Follow-up",
    save: "Save",
    note: "Add a note",
    noteHint: "For the team only; up to 2,000 characters.",
    addNote: "Add note",
    history: "History",
    changed: (who: string, from: string, to: string) => `${who}: ${from} → ${to}`,
    noted: (who: string) => `${who} noted`,
    erase: "Erase this enquiry",
    eraseHint:
      "Removes the visitor's data everywhere the site keeps it (the enquiry, its deliveries, notes and history). The audit log keeps only that an enquiry was erased, by whom and when.",
    eraseConfirm: "Type the reference to confirm",
    erased: (reference: string) => `Enquiry ${reference} was erased.`,
    saved: "Saved.",
    notFound: "This enquiry does not exist, or was erased.",
  },
  errors: {
    note: "Write a note of 1 to 2,000 characters.",
    confirm: "What you typed does not match.",
    state: "Choose one of the follow-up states.",
  },
  spam: {
    title: "Spam",
    link: (n: number) => `Spam (${n})`,
    lead: (days: number) =>
      `What the contact form caught as spam, and what you marked as spam. Nothing here was sent anywhere. Each is erased ${days} days after it came.`,
    none: "Nothing caught.",
    reasonsLabel: "Caught for",
    reasons: {
      honeypot: "the hidden field was filled in or left out",
      "too-fast": "sent too fast after the page was opened",
      repeated: "the same text again and again from one sender, or copied by many",
      links: "mostly links",
      marked: "marked spam by the team",
    } as Record<string, string>,
    page: (path: string) => `from ${path}`,
    release: "Not spam",
    releaseLabel: (reference: string) => `Not spam: move ${reference} to the inbox`,
    erase: "Delete",
    eraseLabel: (reference: string) => `Delete ${reference}`,
    eraseShown: "Delete all shown",
    released: (reference: string) => `${reference} was moved to the inbox and sent to the team.`,
    erased: (n: number) => (n === 1 ? "1 enquiry was deleted." : `${n} enquiries were deleted.`),
    back: "Back to the inbox",
  },
};

type InboxText = typeof en;

const hr: InboxText = {
  nav: "Sandučić",
  title: "Sandučić",
  lead: (count: string) => `${count} — najnoviji prvi.`,
  waiting: (n: number) => `Na odgovor čeka upita: ${n}`,
  found: (n: number, more: boolean) => `Pronađeno: ${n}${more ? "+" : ""}`,
  views: { label: "Prikazi", all: "Svi", needsReply: "Čeka odgovor", upcoming: "Nadolazeće" },
  pager: { first: "Natrag na početak", next: "Sljedeća stranica" },
  needsReply: {
    title: "Čeka odgovor",
    lead: "Novi upiti, najstariji prvi: najduže čekanje je na vrhu.",
    none: "Ništa ne čeka odgovor.",
  },
  upcoming: {
    title: "Nadolazeće",
    lead: "Upiti s događajem od danas nadalje (hrvatsko vrijeme), po danu i satu. Zatvoreni i neželjeni su izostavljeni.",
    none: "Nema nadolazećih događaja.",
    groups: { tonight: "Večeras", week: "Ovaj tjedan", weekend: "Ovaj vikend", later: "Kasnije" },
  },
  waited: (p: Parts) => `čeka ${hrParts(p)}`,
  firstReply: (p: Parts) => `prvi odgovor nakon ${hrParts(p)}`,
  noReplyYet: (p: Parts) => `još bez odgovora: čeka ${hrParts(p)}`,
  event: "Događaj",
  mark: { new: "Natrag na novo", replied: "Odgovoreno", booked: "Rezervirano", closed: "Zatvoreno", spam: "Neželjeno" },
  markLabel: (state: string, name: string) => `Označi ${name}: ${state}`,
  bookLabel: (name: string) => `Rezerviraj ${name}: datum, mjesto, gosti, polog`,
  markHint: "Označi kao",
  replyTo: (name: string) => `Odgovori e-poštom: ${name}`,
  search: "Traži",
  searchHint: "Oznaka, ime, e-pošta, telefon ili riječi iz poruke",
  filters: "Filtri",
  apply: "Primijeni",
  clear: "Očisti",
  any: "Svi",
  from: "Od",
  to: "Do",
  followUpLabel: "Praćenje",
  deliveryLabel: "Dostava",
  categoryLabel: "Kategorija",
  languageLabel: "Jezik",
  followUp: { new: "Novo", replied: "Odgovoreno", booked: "Rezervirano", closed: "Zatvoreno", spam: "Neželjeno" },
  delivery: {
    pending: "Čeka",
    sending: "Šalje se",
    delivered: "Dostavljeno",
    failed: "Neuspjelo",
    quarantined: "U karanteni",
    "not-sent": "Nije poslano: ograničenje",
  },
  held: "Samo ovdje (kanal nije postavljen)",
  waitingForProvider: "Čeka pružatelja usluge",
  channelFailing: (channel: string, since: string, next: string | undefined) =>
    `${channel} ne radi od ${since}${next ? ` i ponovno se pokušava u ${next}` : ""}. Upiti čekaju ovdje, nijedan se ne gubi, i šalju se redom, najstariji prvi, čim proradi.`,
  channel: (name: string) =>
    ({
      email: "E-pošta",
      confirmation: "Potvrda posjetitelju",
      slack: "Slack",
      discord: "Discord",
      telegram: "Telegram",
      webhook: "Webhook",
      push: "Obavijesti na mobitelu",
      booking: "Rezervacija gostu",
      reply: "Odgovor posjetitelju",
    })[name] ?? name,
  languages: { en: "engleski", hr: "hrvatski" },
  received: "Primljeno",
  reference: "Oznaka",
  none: "Nijedan upit ne odgovara.",
  noneYet: "Još nema upita. Pojavljuju se ovdje čim ih posjetitelj pošalje.",
  older: "Stariji",
  newest: "Natrag na najnovije",
  exportTitle: "Izvoz",
  exportCsv: "Izvoz CSV",
  exportJson: "Izvoz JSON redaka",
  exportHint: "Izvozi ono što filtar prikazuje (sve stranice).",
  ownersExport: "Izvozi i zahtjevi osobe o njezinim podacima (pristup, brisanje) su za vlasnike.",
  subject: "Sve o jednoj adresi e-pošte",
  subjectHint: "Pronađite i izvezite što se čuva o osobi (pravo na pristup) ili to izbrišite.",
  subjectFind: "Pronađi",
  subjectExport: "Izvezi sve (JSON)",
  subjectErase: (n: number) => `Izbriši sve (${n})`,
  subjectConfirm: "Ponovno upišite adresu e-pošte za potvrdu",
  subjectQuarantined: (n: number) =>
    `Zapisa iz uvoza u karanteni (nečitljivih) koji je spominju: ${n}; izvoze se i brišu s ostalima.`,
  subjectErased: (n: number) => `Izbrisano upita: ${n}.`,
  enquiry: {
    back: "Natrag u sandučić",
    title: (name: string) => `Upit od: ${name}`,
    fields: "Što je posjetitelj poslao",
    name: "Ime",
    email: "E-pošta",
    phone: "Telefon",
    category: "Kategorija",
    message: "Poruka",
    language: "Jezik",
    page: "Poslano sa",
    reply: "Odgovor",
    replyEmail: "Odgovori e-poštom",
    call: "Nazovi",
    whatsapp: "WhatsApp",
    replySubject: (reference: string) => `Vaš upit ${reference}`,
    replyHint: "Odgovor e-poštom, WhatsAppom ili telefonom označava novi upit kao odgovoren.",
    others: (n: number, more: boolean) => `Drugih upita ove osobe: ${n}${more ? "+" : ""}`,
    deliveries: "Dostave",
    attempts: (n: number) => `pokušaja: ${n}`,
    waitsForProvider: (since: string, next: string | undefined) =>
      `Pružatelj usluge ne radi od ${since}: ovaj upit čeka svoj red, najstariji prvi${next ? `; pružatelj se ponovno pokušava u ${next}` : ""}. Ništa ne treba činiti.`,
    nextTry: (at: string) => `Sam se ponovno pokušava u ${at}.`,
    retry: "Pokušaj ponovno",
    retried: "Vraćeno u red: šalje se u sljedećem krugu.",
    followUp: "Praćenje",
    save: "Spremi",
    note: "Dodaj bilješku",
    noteHint: "Samo za tim; do 2.000 znakova.",
    addNote: "Dodaj bilješku",
    history: "Povijest",
    changed: (who: string, from: string, to: string) => `${who}: ${from} → ${to}`,
    noted: (who: string) => `${who} je zabilježio`,
    erase: "Izbriši ovaj upit",
    eraseHint:
      "Uklanja podatke posjetitelja svugdje gdje ih stranica čuva (upit, dostave, bilješke i povijest). Zapisnik čuva samo da je upit izbrisan, tko i kada.",
    eraseConfirm: "Upišite oznaku za potvrdu",
    erased: (reference: string) => `Upit ${reference} je izbrisan.`,
    saved: "Spremljeno.",
    notFound: "Ovaj upit ne postoji ili je izbrisan.",
  },
  errors: {
    note: "Napišite bilješku od 1 do 2.000 znakova.",
    confirm: "Upisano se ne podudara.",
    state: "Odaberite jedno od stanja praćenja.",
  },
  spam: {
    title: "Neželjeno",
    link: (n: number) => `Neželjeno (${n})`,
    lead: (days: number) =>
      `Što je obrazac za upite prepoznao kao neželjeno i što ste vi označili kao neželjeno. Ništa od ovoga nije nikamo poslano. Svaki se briše ${days} dana nakon dolaska.`,
    none: "Ništa nije uhvaćeno.",
    reasonsLabel: "Razlog",
    reasons: {
      honeypot: "skriveno polje je ispunjeno ili izostavljeno",
      "too-fast": "poslano prebrzo nakon otvaranja stranice",
      repeated: "isti tekst uvijek iznova od istog pošiljatelja ili kopiran od mnogih",
      links: "većinom poveznice",
      marked: "tim ga je označio kao neželjeno",
    },
    page: (path: string) => `sa stranice ${path}`,
    release: "Nije neželjeno",
    releaseLabel: (reference: string) => `Nije neželjeno: premjesti ${reference} u sandučić`,
    erase: "Izbriši",
    eraseLabel: (reference: string) => `Izbriši ${reference}`,
    eraseShown: "Izbriši sve prikazano",
    released: (reference: string) => `${reference} je premješten u sandučić i poslan timu.`,
    erased: (n: number) => `Izbrisano upita: ${n}.`,
    back: "Natrag u sandučić",
  },
};

export const INBOX: Translations<InboxText> = { en, hr };
