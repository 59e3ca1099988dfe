import { pagePath } from "~/content/pages";
import { detailsLine, givenDetails, type GivenDetail } from "~/i18n/detail-text";
import type { Delivery } from "~/store/store.server";

/** What every chat message says of an enquiry, short enough for a phone's lock screen: the
 * category, the name, how to reply, the details given, the message (cut at the provider's limit,
 * and said so), its reference, language and the page it came from. Each channel formats and escapes these for its own markup:
 * the visitor's words are theirs, never a mention, a link with other text, markup or a command. */
export type EnquiryMessage = {
  id: string;
  /** What the visitor was told (letters and digits, a dash): what the team quotes back. */
  reference: string;
  category: string;
  name: string;
  email: string;
  /** As the visitor typed it, for reading. */
  phone: string;
  /** `+` and digits only, for a tel: link. */
  dial: string;
  message: string;
  /** The optional details the visitor gave (app/content/enquiry-fields.ts), in the form's order,
   * under the form's English labels (the team's language): `value` as stored (a day as
   * 2027-06-12, a budget's or city's id: the webhook sends these by key), `text` as a person reads
   * it (every chat channel shows them as `detailsLine`). */
  details: GivenDetail[];
  /** "Date: Sat 12 Jun 2027 · Guests: 40 · Budget: €3,000–10,000", or "" when none was given. */
  detailsLine: string;
  language: string;
  page: string;
  receivedAt: string;
};

export function enquiryMessage(delivery: Delivery): EnquiryMessage {
  const e = delivery.enquiry;
  const language = e.language ?? "en";
  const details = givenDetails(e, "en");
  return {
    id: delivery.id,
    reference: delivery.reference ?? delivery.id.slice(0, 8),
    category: e.category,
    name: e.name,
    email: e.email,
    phone: e.phone,
    dial: `${e.phone.trim().startsWith("+") ? "+" : ""}${e.phone.replace(/\D/g, "")}`,
    message: e.message,
    details,
    detailsLine: detailsLine(details),
    language,
    page: e.page ?? pagePath("contact", language),
    receivedAt: delivery.receivedAt,
  };
}

/** True whichever channels are on: every enquiry is stored whole, e-mail or not. */
export const CUT_MARKER = "… [cut: the whole message is in the staff inbox]";

/** `text` within `max` characters (counted in code points), with the marker when it was cut. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - [...CUT_MARKER].length)).join("") + CUT_MARKER;
}
