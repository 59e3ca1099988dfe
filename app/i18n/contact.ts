import type { Category, EnquiryField, ListKey, ListValue } from "~/content/enquiry-fields";
import { CITY_NAMES } from "./cities";
import type { Translations } from "./translations";

/** When the team usually replies: the contact page's promise, repeated in the confirmation. */
const REPLY_TIME: Translations<string> = { en: "within one day", hr: "unutar jednog dana" };

/** The contact page and its form (the answers to a submission are in enquiry.server.ts). */
const en = {
  title: "Contact us",
  description:
    "Send us a message, call or e-mail our team in Split, Croatia, about VIP nightlife, events and concierge services. We answer every enquiry.",
  imageAlt: "Contact Adriatic VIP in Split, Croatia",
  heading: "Contact us",
  aboutEyebrow: "ABOUT US",
  cards: { phone: "Phone", email: "General info", location: "Location" },
  formTitle: "Send us a message",
  formIntro: `Name, e-mail, phone, category and message are required. We usually reply ${REPLY_TIME.en}.`,
  /** The reply time the page promises (the visitor's confirmation repeats it). */
  replyTime: REPLY_TIME.en,
  /** Above a refused form's fields, before the list of its problems. */
  problemsTitle: "Please check:",
  labels: {
    name: "Name",
    email: "E-mail",
    number: "Phone number",
    category: "Category",
    message: "Message",
    event_date: "Date",
    event_time: "Time",
    guests: "Guests",
    budget: "Budget",
    city: "City",
  } satisfies Record<EnquiryField, string>,
  /** The optional details' group: what a booking needs, asked for but never required. */
  details: "Details (optional)",
  detailsHint: "They help us answer with a plan rather than a question.",
  /** The date's and the guests' labels as each service line says them (the form shows the one
   * of the category chosen, "other"'s until then; `labels` is what the inbox, the export and the
   * channels say). */
  byService: {
    event_date: {
      other: "Date",
      "VIP Nightclub experience": "Night of the table",
      "Event organization": "Date of the event",
      "Concierge services": "Arrival date",
    },
    guests: {
      other: "Guests",
      "VIP Nightclub experience": "Guests at the table",
      "Event organization": "Number of guests",
      "Concierge services": "Travellers",
    },
  } satisfies Record<"event_date" | "guests", Record<Category, string>>,
  /** The words of each detail whose value is one of a list, value by value: what the form's
   * options say, and how the inbox, the export and the messages show a stored value. */
  options: {
    budget: {
      "under-1000": "Under €1,000",
      "1000-3000": "€1,000–3,000",
      "3000-10000": "€3,000–10,000",
      "over-10000": "Over €10,000",
    },
    city: CITY_NAMES.en,
  } satisfies { [K in ListKey]: Record<ListValue<K>, string> },
  chooseBudget: "Not sure yet",
  elsewhere: "Elsewhere, or not sure",
  chooseCategory: "Choose a category",
  /** What each category reads as; the value sent (and e-mailed) stays the English one. */
  categories: {
    other: "other",
    "VIP Nightclub experience": "VIP Nightclub experience",
    "Event organization": "Event organization",
    "Concierge services": "Concierge services",
  } satisfies Record<Category, string>,
  honeypot: "Leave this field empty",
  send: "Send message",
  sending: "Sending…",
  privacyNote: "We use your details only to answer your enquiry.",
  privacyLink: "How we handle your data",
};

type ContactText = typeof en;

const hr: ContactText = {
  title: "Kontakt",
  description:
    "Pošaljite nam poruku, nazovite ili pišite našem timu u Splitu o VIP noćnom životu, događanjima i concierge uslugama. Odgovaramo na svaki upit.",
  imageAlt: "Kontaktirajte Adriatic VIP u Splitu",
  heading: "Javite nam se",
  aboutEyebrow: "O NAMA",
  cards: { phone: "Telefon", email: "Opće informacije", location: "Lokacija" },
  formTitle: "Pošaljite nam poruku",
  formIntro: `Ime, e-mail, telefon, kategorija i poruka su obavezni. Obično odgovaramo ${REPLY_TIME.hr}.`,
  replyTime: REPLY_TIME.hr,
  problemsTitle: "Provjerite:",
  labels: {
    name: "Ime",
    email: "E-mail",
    number: "Broj telefona",
    category: "Kategorija",
    message: "Poruka",
    event_date: "Datum",
    event_time: "Sat",
    guests: "Gosti",
    budget: "Budžet",
    city: "Grad",
  },
  details: "Pojedinosti (neobavezno)",
  detailsHint: "Pomažu nam da odgovorimo prijedlogom, a ne pitanjem.",
  byService: {
    event_date: {
      other: "Datum",
      "VIP Nightclub experience": "Večer rezervacije stola",
      "Event organization": "Datum događanja",
      "Concierge services": "Datum dolaska",
    },
    guests: {
      other: "Gosti",
      "VIP Nightclub experience": "Gosti za stolom",
      "Event organization": "Broj gostiju",
      "Concierge services": "Broj putnika",
    },
  },
  options: {
    budget: {
      "under-1000": "Do 1.000 €",
      "1000-3000": "1.000–3.000 €",
      "3000-10000": "3.000–10.000 €",
      "over-10000": "Više od 10.000 €",
    },
    city: CITY_NAMES.hr,
  },
  chooseBudget: "Još ne znam",
  elsewhere: "Negdje drugdje, ili ne znam",
  chooseCategory: "Odaberite kategoriju",
  categories: {
    other: "ostalo",
    "VIP Nightclub experience": "VIP noćni izlasci",
    "Event organization": "Organizacija događanja",
    "Concierge services": "Concierge usluge",
  },
  honeypot: "Ostavite ovo polje prazno",
  send: "Pošalji poruku",
  sending: "Šaljemo…",
  privacyNote: "Vaše podatke koristimo samo kako bismo odgovorili na upit.",
  privacyLink: "Kako postupamo s vašim podacima",
};

export const CONTACT: Translations<ContactText> = { en, hr };
