import { pagePath } from "~/content/pages";
import { detailsLine, givenDetails, type GivenDetail } from "~/i18n/detail-text";
import { sourceLine } from "~/i18n/sources";
import type { Delivery } from "~/store/store.server";

/** Short enough for a lock screen; each channel escapes it for its markup: the visitor's words are never a mention,
 * a link, markup or a command. */
export type EnquiryMessage = {
  id: string;
  reference: string;
  category: string;
  name: string;
  email: string;
  phone: string;
  dial: string;
  message: string;
  /** `value` as stored (the webhook sends these by key), `text` as a person reads it. */
  details: GivenDetail[];
  detailsLine: string;
  language: string;
  page: string;
  receivedAt: string;
  /** "from Instagram · summer-vip", or "" when not known; `source` the values themselves (the webhook's). */
  sourceLine: string;
  source?: Delivery["enquiry"]["source"];
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
    sourceLine: sourceLine(e.source),
    ...(e.source ? { source: e.source } : {}),
  };
}

export const CUT_MARKER = "… [cut: the whole message is in the staff inbox]";

/** Counted in code points. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - [...CUT_MARKER].length)).join("") + CUT_MARKER;
}
