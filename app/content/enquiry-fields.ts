import { SERVICES, type Service } from "./services";

/** The enquiry form's shape, shared by the form (browser) and the schema (server). */

/** "other" first (the spec), then one per service line, from the list of services. */
export type Category = "other" | Service["category"];
export const CATEGORIES = ["other", ...SERVICES.map((s) => s.category)] as readonly Category[] as readonly [
  Category,
  ...Category[],
];

export const ENQUIRY_FIELDS = ["name", "email", "number", "category", "message"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;

export const EMPTY_ENQUIRY: EnquiryValues = { name: "", email: "", number: "", category: "", message: "" };

/** A field's length as the form's `maxlength` counts it in the browser (UTF-16 code units:
 * an emoji counts 2), and so as the schema and its messages count it: one rule everywhere. */
export const fieldLength = (value: string) => value.length;

/** Upper bounds a real enquiry never reaches; they keep abuse cheap to refuse. A value over its
 * bound is refused with the field's message, never cut. */
export const MAX_LENGTH: Record<EnquiryField, number> = {
  name: 100,
  email: 254,
  number: 32,
  category: 40,
  message: 5000,
};

/** Where the form is on the contact page (its section's id). The form posts to the page with it
 * as the fragment, so the browser shows the answer there, with or without JavaScript: the
 * problems of a refused enquiry, or the thanks and the reference of an accepted one. */
export const ENQUIRY_ANCHOR = "enquiry";

/** The honeypot field: hidden from people, filled in by bots; it must be sent and empty. */
export const HONEYPOT_FIELD = "website";
