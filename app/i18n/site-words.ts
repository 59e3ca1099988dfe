import type { CityId } from "~/content/cities";
import type { ServiceSlug } from "~/content/services";
import type { Translations } from "./translations";
import { CITY_NAMES } from "./cities";

/** The Site section's words editor (decision 0040): parts, fields, sources and refusals. */
const en = {
  heading: "Words",
  lead: "Texts and contact details on the public pages, English and Croatian side by side. Plain text only; a new line starts a new paragraph.",
  parts: {
    home: "Home page: tagline and venues",
    contact: "Contact page and contact details",
    "vip-nightclub-experience": "VIP nightclub experience page",
    "event-organization": "Event organization page",
    "concierge-services": "Concierge services page",
    replies: "Saved answers for the desk's replies",
  } satisfies Record<"home" | "contact" | ServiceSlug | "replies", string>,
  fields: {
    tagline: "Tagline",
    venues: "Venues",
    about: "About us",
    email: "E-mail",
    phone: "Phone",
    whatsapp: "WhatsApp number",
    socialUrl: "Social link",
    socialLabel: "Social link's name",
    title: "Title",
    summary: "Card summary",
    metaDescription: "Meta description (search results)",
    intro: "Introduction",
    offers: "Offers",
    closing: "Closing line",
    answers: "Saved answers",
  },
  // A city abroad says that it keeps its country's label.
  cities: {
    ...CITY_NAMES.en,
    budva: "Budva (keeps its label MONTENEGRO)",
    belgrade: "Belgrade (keeps its label SERBIA)",
  } satisfies Record<CityId, string>,
  languages: { en: "English", hr: "Croatian" },
  onePerLine: "One per line, in order: add, rename, reorder or remove lines.",
  answersHint:
    "One answer per line, each language its own list: the desk starts a reply from one in the guest's language. Not shown on the public pages.",
  contactHint: "Leave a contact detail empty to use the server's setting (or what the site came with).",
  sources: {
    default: "Now: what the site came with",
    environment: "Now: the server's setting",
    published: "Now: your published text",
  },
  save: "Save to draft",
  saved: "Saved to the draft. Preview, then publish from the Site overview.",
  refused: "Not saved: correct the fields marked below (what you typed is kept).",
  errors: {
    tooLong: (max: number) => `at most ${max} characters`,
    tooMany: (max: number) => `at most ${max} lines`,
    markup: "plain text only: no tags such as <b> or <script>",
    phone: "an international number, e.g. +385 91 234 5678",
    email: "an e-mail address",
    https: "a link starting with https://",
    invalid: "missing from the form: reload the page",
  },
  fieldError: (field: string, why: string) => `${field}: ${why}.`,
  untranslated: "Untranslated or empty (publishing is refused until filled):",
  gap: (part: string, field: string, language: string) => `${part}: ${field} has no ${language} text.`,
  allTranslated: "Every text is in both languages.",
  back: "Site overview",
  stale:
    "The draft changed since this page was shown (someone else edited or published). Your text is kept below: save again to apply it.",
};

export type SiteWordsText = typeof en;

const hr: SiteWordsText = {
  heading: "Tekstovi",
  lead: "Tekstovi i kontakt podaci na javnim stranicama, engleski i hrvatski jedan uz drugi. Samo običan tekst; novi red počinje novi odlomak.",
  parts: {
    home: "Naslovnica: slogan i klubovi",
    contact: "Stranica za kontakt i kontakt podaci",
    "vip-nightclub-experience": "Stranica VIP noćni izlasci",
    "event-organization": "Stranica organizacija događanja",
    "concierge-services": "Stranica concierge usluge",
    replies: "Spremljeni odgovori za odgovore s pulta",
  },
  fields: {
    tagline: "Slogan",
    venues: "Klubovi",
    about: "O nama",
    email: "E-pošta",
    phone: "Telefon",
    whatsapp: "WhatsApp broj",
    socialUrl: "Poveznica na društvenu mrežu",
    socialLabel: "Naziv poveznice",
    title: "Naslov",
    summary: "Sažetak na kartici",
    metaDescription: "Meta opis (rezultati pretrage)",
    intro: "Uvod",
    offers: "Ponuda",
    closing: "Završna rečenica",
    answers: "Spremljeni odgovori",
  },
  cities: {
    ...CITY_NAMES.hr,
    budva: "Budva (zadržava oznaku CRNA GORA)",
    belgrade: "Beograd (zadržava oznaku SRBIJA)",
  },
  languages: { en: "engleski", hr: "hrvatski" },
  onePerLine: "Jedan po retku, redom: dodajte, preimenujte, premjestite ili obrišite retke.",
  answersHint:
    "Jedan odgovor po retku, svaki jezik svoj popis: pult započinje odgovor jednim na jeziku gosta. Ne prikazuje se na javnim stranicama.",
  contactHint: "Ostavite kontakt prazan za postavku poslužitelja (ili ono s čime je stranica došla).",
  sources: {
    default: "Sada: ono s čime je stranica došla",
    environment: "Sada: postavka poslužitelja",
    published: "Sada: vaš objavljeni tekst",
  },
  save: "Spremi u nacrt",
  saved: "Spremljeno u nacrt. Pregledajte pa objavite s pregleda stranice.",
  refused: "Nije spremljeno: ispravite označena polja (upisano je sačuvano).",
  errors: {
    tooLong: (max) => `najviše ${max} znakova`,
    tooMany: (max) => `najviše ${max} redaka`,
    markup: "samo običan tekst: bez oznaka poput <b> ili <script>",
    phone: "međunarodni broj, npr. +385 91 234 5678",
    email: "adresa e-pošte",
    https: "poveznica koja počinje s https://",
    invalid: "nedostaje u obrascu: ponovno učitajte stranicu",
  },
  fieldError: (field, why) => `${field}: ${why}.`,
  untranslated: "Neprevedeno ili prazno (objava nije moguća dok se ne popuni):",
  gap: (part, field, language) => `${part}: ${field} nema teksta na jeziku: ${language}.`,
  allTranslated: "Svi su tekstovi na oba jezika.",
  back: "Pregled stranice",
  stale:
    "Nacrt se promijenio otkad je ova stranica prikazana (netko je uređivao ili objavio). Vaš je tekst sačuvan ispod: spremite ponovno.",
};

export const SITE_WORDS: Translations<SiteWordsText> = { en, hr };
