import { DETAIL_FIELDS } from "~/content/enquiry-fields";
import { CONTACT } from "./contact";
import type { Locale } from "./locale";

const DAY_FORMAT: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }),
  hr: new Intl.DateTimeFormat("hr-HR", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }),
};

/** A detail's stored value as a person reads it, by its field's kind (app/content/enquiry-fields.ts):
 * one of a list in that list's words (`options` in app/i18n/contact.ts), a day with its weekday;
 * anything else (and a value this code does not know) as stored. */
export function detailText(key: string, value: string, locale: Locale): string {
  const check = DETAIL_FIELDS.find((f) => f.key === key)?.check;
  if (check?.kind === "oneOf") {
    const words: Partial<Record<string, Partial<Record<string, string>>>> = CONTACT[locale].options;
    return words[key]?.[value] ?? value;
  }
  if (check?.kind === "day" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : DAY_FORMAT[locale].format(day);
  }
  return value;
}

/** A detail an enquiry was given: its key and value as stored, its label and its text as a
 * person reads them in a language. */
export type GivenDetail = { key: string; label: string; value: string; text: string };

/** The optional details an enquiry was given (app/content/enquiry-fields.ts), in the form's order,
 * under the form's labels: what the inbox, the chat messages, EmailJS and the visitor's
 * confirmation each show. A field added to the list shows in all of them. */
export function givenDetails(enquiry: object, locale: Locale): GivenDetail[] {
  const fields = enquiry as Record<string, unknown>;
  return DETAIL_FIELDS.flatMap((f) => {
    const value = fields[f.key];
    return typeof value === "string" && value
      ? [{ key: f.key, label: CONTACT[locale].labels[f.form], value, text: detailText(f.key, value, locale) }]
      : [];
  });
}

/** The details as one line a person reads: "Date: Sat, 12 Jun 2027 · Guests: 40". */
export const detailsLine = (details: readonly { label: string; text: string }[]) =>
  details.map((d) => `${d.label}: ${d.text}`).join(" · ");
