import { data } from "@remix-run/node";
import type { ToastMessage } from "remix-toast";
import type { ContactDetails } from "~/content/site";
import { NO_STORE } from "~/utils/cache-control.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { EMPTY_ENQUIRY, MESSAGES, type EnquiryField, type EnquiryValues } from "./fields";
import type { FormBodyResult } from "./form-body.server";
import type { ParsedEnquiry } from "./schema.server";

/** What the contact page is shown with after a POST that did not end in the success redirect:
 * the values to put back, the per-field messages, and the toast. Rendered from the action's
 * data (not the flash cookie) so the same response keeps the values (docs/decisions). */
export type ContactActionData = {
  values: EnquiryValues;
  fieldErrors: Partial<Record<EnquiryField, string>>;
  toast: ToastMessage;
};

const NO_STORE_HEADERS = { "Cache-Control": NO_STORE };

const showAgain = (status: number, body: ContactActionData, headers: Record<string, string> = {}) =>
  data(body, { status, headers: { ...NO_STORE_HEADERS, ...headers } });

/** Accepted (or a bot we pretend to accept): post/redirect/get with the success toast. */
export const accepted = () => redirectWithSuccess("/contact", MESSAGES.success, { headers: NO_STORE_HEADERS });

/** 429: too many enquiries from this client; what they typed is kept. */
export function tooMany(values: EnquiryValues, retryAfterSeconds: number, contact: ContactDetails) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return showAgain(
    429,
    {
      values,
      fieldErrors: {},
      toast: {
        type: "warning",
        message: "Too many messages in a short time.",
        description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and send it again, or call us at ${contact.phone}.`,
      },
    },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** 400, 413 or 415: a body we will not read. */
export function unreadable(body: Extract<FormBodyResult, { ok: false }>) {
  return showAgain(body.status, {
    values: EMPTY_ENQUIRY,
    fieldErrors: {},
    toast:
      body.status === 413
        ? {
            type: "error",
            message: "Your message is too long to send.",
            description: "Please shorten it and try again.",
          }
        : {
            type: "error",
            message: "We could not read the form.",
            description: "Please fill it in and send it again.",
          },
  });
}

/** 400: the spec's warning when a field is empty, per-field messages either way. */
export function invalid(parsed: Extract<ParsedEnquiry, { ok: false }>) {
  return showAgain(400, {
    values: parsed.values,
    fieldErrors: parsed.fieldErrors,
    toast: {
      type: "warning",
      message: parsed.incomplete ? MESSAGES.incomplete : "Please check the highlighted fields.",
    },
  });
}

/** 503: the enquiry could not be stored (the outbox is not writable): the only failure a
 * visitor can see. Everything they typed is kept, with other ways to reach us. */
export function notStored(values: EnquiryValues, contact: ContactDetails) {
  return showAgain(
    503,
    {
      values,
      fieldErrors: {},
      toast: {
        type: "error",
        message: "Sorry, your message was not sent.",
        description: `Please try again in a few minutes, or write to us at ${contact.email} or call ${contact.phone}.`,
      },
    },
    { "Retry-After": "120" },
  );
}
