import { MAX_LENGTH } from "~/content/enquiry-fields";
import { plural, type Translations } from "./translations";

/** What the server answers a submitted enquiry with: the toasts and the per-field messages.
 * Server-only: the browser shows what the action returned. */
const en = {
  success: "Form successfully submitted!",
  /** Under the success message: the enquiry's reference, to quote when calling or writing. */
  reference: (reference: string) => `Your reference: ${reference}. Quote it if you call or write to us.`,
  incomplete: "Please fill out all the form fields.",
  checkFields: "Please check the highlighted fields.",
  tooMany: {
    message: "Too many messages in a short time.",
    description: (minutes: number, phone: string) =>
      `Please wait ${minutes} ${plural("en", minutes, { one: "minute", other: "minutes" })} and send it again, or call us at ${phone}.`,
  },
  tooLarge: { message: "Your message is too long to send.", description: "Please shorten it and try again." },
  unreadable: { message: "We could not read the form.", description: "Please fill it in and send it again." },
  notStored: {
    message: "Sorry, your message was not sent.",
    description: (email: string, phone: string) =>
      `Please try again in a few minutes, or write to us at ${email} or call ${phone}.`,
  },
  fields: {
    nameMissing: "Please enter your name.",
    nameTooLong: `Please keep your name under ${MAX_LENGTH.name} characters.`,
    emailMissing: "Please enter your e-mail address.",
    emailTooLong: `Please keep the e-mail address under ${MAX_LENGTH.email} characters.`,
    emailInvalid: "Please enter a valid e-mail address, such as name@example.com.",
    numberMissing: "Please enter your phone number.",
    numberTooLong: `Please keep the phone number under ${MAX_LENGTH.number} characters.`,
    numberFormat: "Please enter a phone number using digits, such as +385 91 234 5678.",
    numberShort: "Please enter the whole phone number, with its area code.",
    categoryMissing: "Please choose a category.",
    messageMissing: "Please write your message.",
    messageTooLong: `Please keep the message under ${MAX_LENGTH.message.toLocaleString("en")} characters.`,
  } /** An optional detail's messages, by its kind (app/enquiry/schema.server.ts), naming it by its label. */,
  details: {
    tooLong: (label: string, max: number) => `Please keep “${label}” under ${max} characters.`,
    integer: (label: string, min: number, max: number) => `Please give “${label}” as a number from ${min} to ${max}.`,
    oneOf: (label: string) => `Please choose “${label}” from the list.`,
    day: (label: string) => `Please give “${label}” as a date.`,
    dayNotPast: (label: string) => `Please give “${label}” as a date from today on.`,
    dayTooFar: (label: string) => `Please give “${label}” as a date within the next two years.`,
    time: (label: string) => `Please give “${label}” as a time of day, such as 22:30.`,
  },
};

export type EnquiryAnswersText = typeof en;

const hr: EnquiryAnswersText = {
  success: "Poruka je uspješno poslana!",
  reference: (reference: string) => `Vaša oznaka upita: ${reference}. Navedite je ako nas nazovete ili nam pišete.`,
  incomplete: "Molimo ispunite sva polja obrasca.",
  checkFields: "Provjerite označena polja.",
  tooMany: {
    message: "Previše poruka u kratkom vremenu.",
    description: (minutes, phone) =>
      `Pričekajte ${minutes} ${plural("hr", minutes, { one: "minutu", few: "minute", other: "minuta" })} pa pošaljite ponovno ili nas nazovite na ${phone}.`,
  },
  tooLarge: { message: "Poruka je preduga za slanje.", description: "Skratite je i pokušajte ponovno." },
  unreadable: { message: "Obrazac nismo uspjeli pročitati.", description: "Ispunite ga i pošaljite ponovno." },
  notStored: {
    message: "Nažalost, vaša poruka nije poslana.",
    description: (email, phone) =>
      `Pokušajte ponovno za nekoliko minuta ili nam pišite na ${email} ili nas nazovite na ${phone}.`,
  },
  fields: {
    nameMissing: "Upišite svoje ime.",
    nameTooLong: `Ime može imati najviše ${MAX_LENGTH.name} znakova.`,
    emailMissing: "Upišite svoju e-mail adresu.",
    emailTooLong: `E-mail adresa može imati najviše ${MAX_LENGTH.email} znakova.`,
    emailInvalid: "Upišite ispravnu e-mail adresu, npr. ime@primjer.hr.",
    numberMissing: "Upišite svoj broj telefona.",
    numberTooLong: `Broj telefona može imati najviše ${MAX_LENGTH.number} znakova.`,
    numberFormat: "Upišite broj telefona znamenkama, npr. +385 91 234 5678.",
    numberShort: "Upišite cijeli broj telefona, s pozivnim brojem.",
    categoryMissing: "Odaberite kategoriju.",
    messageMissing: "Napišite svoju poruku.",
    messageTooLong: `Poruka može imati najviše ${MAX_LENGTH.message.toLocaleString("hr")} znakova.`,
  },
  details: {
    tooLong: (label: string, max: number) => `Polje „${label}” može imati najviše ${max} znakova.`,
    integer: (label: string, min: number, max: number) => `Upišite „${label}” kao broj od ${min} do ${max}.`,
    oneOf: (label: string) => `Odaberite „${label}” s popisa.`,
    day: (label: string) => `Upišite „${label}” kao datum.`,
    dayNotPast: (label: string) => `Upišite „${label}” kao datum od danas nadalje.`,
    dayTooFar: (label: string) => `Upišite „${label}” kao datum unutar sljedeće dvije godine.`,
    time: (label: string) => `Upišite „${label}” kao vrijeme, npr. 22:30.`,
  },
};

export const ENQUIRY_ANSWERS: Translations<EnquiryAnswersText> = { en, hr };
