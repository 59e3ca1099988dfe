import type { Category } from "~/content/enquiry-fields";
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
  formIntro: `All fields are required. We usually reply ${REPLY_TIME.en}.`,
  /** The reply time the page promises (the visitor's confirmation repeats it). */
  replyTime: REPLY_TIME.en,
  /** Above a refused form's fields, before the list of its problems. */
  problemsTitle: "Please check:",
  labels: { name: "Name", email: "E-mail", number: "Phone number", category: "Category", message: "Message" },
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
  formIntro: `Sva su polja obavezna. Obično odgovaramo ${REPLY_TIME.hr}.`,
  replyTime: REPLY_TIME.hr,
  problemsTitle: "Provjerite:",
  labels: { name: "Ime", email: "E-mail", number: "Broj telefona", category: "Kategorija", message: "Poruka" },
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
