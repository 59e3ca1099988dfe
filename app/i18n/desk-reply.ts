import type { Translations } from "./translations";

type Problem = "empty" | "long" | "markup" | "erased" | "waiting";

/** A reply written on the enquiry's page. */
const en = {
  label: "Write a reply (sent by e-mail, plain text)",
  hint: (max: number) => `Up to ${max} characters; the reference goes in the subject, replies come back to the team.`,
  send: "Send reply",
  saved: "Saved answer",
  use: "Use this answer",
  queued: "The reply is queued and will be sent once.",
  written: (who: string, when: string) => `${who}, ${when}`,
  waitingState: "waiting to be sent",
  sentState: (via: string, when: string) => (via === "emailjs" ? `sent ${when}` : `kept in the outbox ${when}`),
  problems: {
    empty: "Write the reply first: it is empty.",
    long: "The reply is too long: shorten it to 5,000 characters.",
    markup: "Write plain text: tags and entities (like <b> or &amp;) are not sent.",
    erased: "This visitor's e-mail address was erased: nothing can be sent.",
    waiting: "The last reply is not sent yet: wait a moment, then send this one.",
  } satisfies Record<Problem, string>,
};

const hr: typeof en = {
  label: "Napišite odgovor (šalje se e-poštom, običan tekst)",
  hint: (max) => `Do ${max} znakova; broj upita ide u naslov, odgovori stižu timu.`,
  send: "Pošalji odgovor",
  saved: "Spremljeni odgovor",
  use: "Upotrijebi ovaj odgovor",
  queued: "Odgovor čeka slanje i bit će poslan jednom.",
  written: (who, when) => `${who}, ${when}`,
  waitingState: "čeka slanje",
  sentState: (via, when) => (via === "emailjs" ? `poslano ${when}` : `spremljeno u izlaznu poštu ${when}`),
  problems: {
    empty: "Najprije napišite odgovor: prazan je.",
    long: "Odgovor je predug: skratite ga na 5000 znakova.",
    markup: "Pišite običan tekst: oznake i entiteti (poput <b> ili &amp;) se ne šalju.",
    erased: "E-adresa ovog posjetitelja je izbrisana: ništa se ne može poslati.",
    waiting: "Prethodni odgovor još nije poslan: pričekajte trenutak pa pošaljite ovaj.",
  },
};

export const DESK_REPLY: Translations<typeof en> = { en, hr };
