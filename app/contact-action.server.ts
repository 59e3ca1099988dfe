import { data, type ActionFunctionArgs } from "@remix-run/node";
import { EMPTY_ENQUIRY, HONEYPOT_FIELD, MESSAGES, type EnquiryField, type EnquiryValues } from "~/content/enquiry";
import type { ContactDetails } from "~/content/site";
import { parseEnquiry, readEnquiryValues, type Enquiry } from "~/enquiry.server";
import { readFormBody } from "~/form-body.server";
import { log } from "~/log.server";
import { clientAddress, type RateLimiter } from "~/rate-limit.server";
import type { RelayResult } from "~/relay.server";

export type PageToast = { type: "warning" | "error"; message: string; description?: string };

/** What the contact page gets back when it is shown again after a POST. */
export type ContactActionData = {
  values: EnquiryValues;
  fieldErrors: Partial<Record<EnquiryField, string>>;
  toast: PageToast;
};

export type ContactActionDeps = {
  relay: (enquiry: Enquiry, requestId?: string) => Promise<RelayResult>;
  rateLimiter: RateLimiter;
  trustedProxyHeader?: string;
  honeypot: boolean;
  contact: ContactDetails;
  redirectWithSuccess: (url: string, message: string, init?: ResponseInit) => Promise<Response>;
};

const NO_STORE = { "Cache-Control": "private, no-store" };

/** POST /contact (cross-site posts never get here: server.js refuses them): bound and parse the body, stop floods and bots, validate with the one
 * schema, relay, then redirect with the success toast (post/redirect/get) or show the page
 * again with a toast and every value kept. Every outcome is a handled response. */
export function createContactAction(deps: ContactActionDeps) {
  const page = (status: number, body: ContactActionData, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...NO_STORE, ...headers } });

  return async function contactAction({ request, context }: ActionFunctionArgs) {
    const requestId = context?.requestId as string | undefined;
    // Remix calls the action for every method but GET and HEAD.
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD, POST", ...NO_STORE } });
    }
    const client = clientAddress(request, context?.clientAddress as string | undefined, deps.trustedProxyHeader);

    const limit = deps.rateLimiter.hit(client);
    if (!limit.allowed) {
      log("warn", "enquiry.rate_limited", { requestId, retryAfterSeconds: limit.retryAfterSeconds });
      const body = await readFormBody(request);
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return page(
        429,
        {
          values: body.ok ? readEnquiryValues(body.form) : EMPTY_ENQUIRY,
          fieldErrors: {},
          toast: {
            type: "warning",
            message: "Too many messages in a short time.",
            description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and send it again, or call us at ${deps.contact.phone}.`,
          },
        },
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    }

    const body = await readFormBody(request);
    if (!body.ok) {
      log("warn", "enquiry.rejected", { requestId, reason: body.reason, status: body.status });
      return page(body.status, {
        values: EMPTY_ENQUIRY,
        fieldErrors: {},
        toast:
          body.status === 413
            ? { type: "error", message: "Your message is too long to send.", description: "Please shorten it and try again." }
            : { type: "error", message: "We could not read the form.", description: "Please fill it in and send it again." },
      });
    }

    if (deps.honeypot) {
      const trap = body.form.get(HONEYPOT_FIELD);
      if (trap !== "") {
        // A bot: it gets the same answer a person gets, and nothing is sent.
        log("warn", "enquiry.honeypot", { requestId, present: trap !== null });
        return deps.redirectWithSuccess("/contact", MESSAGES.success, { headers: NO_STORE });
      }
    }

    const parsed = parseEnquiry(body.form);
    if (!parsed.ok) {
      return page(400, {
        values: parsed.values,
        fieldErrors: parsed.fieldErrors,
        toast: parsed.incomplete
          ? { type: "warning", message: MESSAGES.incomplete }
          : { type: "warning", message: "Please check the highlighted fields." },
      });
    }

    const result = await deps.relay(parsed.enquiry, requestId);
    if (result.ok) return deps.redirectWithSuccess("/contact", MESSAGES.success, { headers: NO_STORE });

    return page(502, {
      values: parsed.values,
      fieldErrors: {},
      toast: {
        type: "error",
        message: "Sorry, your message was not sent.",
        description: `Please try again in a few minutes, or write to us at ${deps.contact.email} or call ${deps.contact.phone}.`,
      },
    });
  };
}
