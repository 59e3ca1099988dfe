import { data } from "@remix-run/node";
import type { ToastMessage } from "remix-toast";
import type { ContactDetails } from "~/content/site";
import { ENQUIRY_ANSWERS } from "~/i18n/enquiry.server";
import { pagePath } from "~/content/pages";
import type { Locale } from "~/i18n/locale";
import { NO_STORE } from "~/utils/cache-control.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { ENQUIRY_ANCHOR, FRESH_ENQUIRY, type EnquiryField, type EnquiryValues } from "~/content/enquiry-fields";
import type { FormBodyResult } from "~/utils/form-body.server";
import type { ParsedEnquiry } from "./schema.server";

/** Rendered from the action's data, not the flash cookie, so the same response keeps the values. */
export type ContactActionData = {
  values: EnquiryValues;
  fieldErrors: Partial<Record<EnquiryField, string>>;
  toast: ToastMessage;
};

const NO_STORE_HEADERS = { "Cache-Control": NO_STORE };

const showAgain = (status: number, body: ContactActionData, headers: Record<string, string> = {}) =>
  data(body, { status, headers: { ...NO_STORE_HEADERS, ...headers } });

/** A bot gets a reference that names nothing. */
export const accepted = (locale: Locale, reference: string) =>
  redirectWithSuccess(
    `${pagePath("contact", locale)}#${ENQUIRY_ANCHOR}`,
    { message: ENQUIRY_ANSWERS[locale].success, description: ENQUIRY_ANSWERS[locale].reference(reference) },
    { headers: NO_STORE_HEADERS },
  );

export function tooMany(locale: Locale, values: EnquiryValues, retryAfterSeconds: number, contact: ContactDetails) {
  const t = ENQUIRY_ANSWERS[locale].tooMany;
  return showAgain(
    429,
    {
      values,
      fieldErrors: {},
      toast: {
        type: "warning",
        message: t.message,
        description: t.description(Math.ceil(retryAfterSeconds / 60), contact.phone),
      },
    },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

export function unreadable(locale: Locale, body: Extract<FormBodyResult, { ok: false }>) {
  const t = ENQUIRY_ANSWERS[locale];
  return showAgain(body.status, {
    values: FRESH_ENQUIRY,
    fieldErrors: {},
    toast: { type: "error", ...(body.status === 413 ? t.tooLarge : t.unreadable) },
  });
}

export function invalid(locale: Locale, parsed: Extract<ParsedEnquiry, { ok: false }>) {
  const t = ENQUIRY_ANSWERS[locale];
  return showAgain(400, {
    values: parsed.values,
    fieldErrors: parsed.fieldErrors,
    toast: { type: "warning", message: parsed.incomplete ? t.incomplete : t.checkFields },
  });
}

/** 503: the only failure a visitor can see; everything they typed is kept. */
export function notStored(locale: Locale, values: EnquiryValues, contact: ContactDetails) {
  const t = ENQUIRY_ANSWERS[locale].notStored;
  return showAgain(
    503,
    {
      values,
      fieldErrors: {},
      toast: { type: "error", message: t.message, description: t.description(contact.email, contact.phone) },
    },
    { "Retry-After": "120" },
  );
}
