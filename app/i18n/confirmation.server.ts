import type { Translations } from "./translations";

/** What the visitor's confirmation says (docs/operations.md), written by the server and passed to the one
 * EmailJS template as its variables: each line whole, in the language of the page the enquiry
 * came from. The visitor's own message is never repeated; the name is stripped before it is
 * given here (app/delivery/confirmation.server.ts). */
export type ConfirmationFacts = {
  brand: string;
  /** The name as given, stripped of links and markup; empty when nothing was left. */
  name: string;
  reference: string;
  /** The category's label in this language. */
  category: string;
  /** When the team usually replies (the contact page's promise). */
  replyTime: string;
  phone: string;
  /** The WhatsApp number as digits, where configured. */
  whatsapp?: string;
  /** The booking details given, as one line in this language ("Date: … · Guests: 12"); empty
   * when none was. They are checked values (a day, a number, an item of a list), never free text. */
  details: string;
};

const en = {
  subject: (f: ConfirmationFacts) => `We have your enquiry — reference ${f.reference}`,
  greeting: (f: ConfirmationFacts) => (f.name ? `Dear ${f.name},` : "Hello,"),
  text: (f: ConfirmationFacts) =>
    `thank you for writing to ${f.brand}. Your enquiry has reached us and a member of our team will answer you personally.`,
  reference: (f: ConfirmationFacts) => `Your reference: ${f.reference} (quote it when you write or call).`,
  category: (f: ConfirmationFacts) => `You asked about: ${f.category}.`,
  details: (f: ConfirmationFacts) => (f.details ? `The details you gave: ${f.details}.` : ""),
  replyTime: (f: ConfirmationFacts) => `We usually reply ${f.replyTime}.`,
  phone: (f: ConfirmationFacts) => `To add a detail, simply reply to this e-mail, or call us on ${f.phone}.`,
  whatsapp: (f: ConfirmationFacts) => (f.whatsapp ? `WhatsApp: +${f.whatsapp}` : ""),
  signature: (f: ConfirmationFacts) => `Warm regards, the ${f.brand} team, Split`,
};

type ConfirmationText = typeof en;

const hr: ConfirmationText = {
  subject: (f) => `Primili smo vaš upit — broj ${f.reference}`,
  greeting: (f) => (f.name ? `Poštovani/a ${f.name},` : "Dobar dan,"),
  text: (f) =>
    `hvala vam što ste se javili ${f.brand}. Vaš je upit stigao do nas i netko iz našeg tima odgovorit će vam osobno.`,
  reference: (f) => `Broj vašeg upita: ${f.reference} (navedite ga kad nam pišete ili zovete).`,
  category: (f) => `Upit se odnosi na: ${f.category}.`,
  details: (f) => (f.details ? `Pojedinosti koje ste naveli: ${f.details}.` : ""),
  replyTime: (f) => `Obično odgovaramo ${f.replyTime}.`,
  phone: (f) => `Ako želite nešto dodati, jednostavno odgovorite na ovaj e-mail ili nas nazovite na ${f.phone}.`,
  whatsapp: (f) => (f.whatsapp ? `WhatsApp: +${f.whatsapp}` : ""),
  signature: (f) => `Srdačan pozdrav, tim ${f.brand}, Split`,
};

export const CONFIRMATION: Translations<ConfirmationText> = { en, hr };
