import type { ActionFunctionArgs } from "@remix-run/node";
import { localeOfPath } from "~/i18n/locale";
import { currentContact, env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { accepted, invalid, notStored, tooMany, unreadable } from "./answers.server";
import { EMPTY_ENQUIRY } from "~/content/enquiry-fields";
import { readFormBody } from "~/utils/form-body.server";
import { storeEnquiry } from "./intake.server";
import { clientAddress } from "~/utils/client-address.server";
import { sameEnquiryOnce } from "./same-enquiry.server";
import { parseEnquiry, readEnquiryValues } from "./schema.server";
import { spamJudge } from "./spam/judge.server";

export type { ContactActionData } from "./answers.server";

/** Every outcome is a handled response (answers.server.ts), none a 5xx page; cross-site posts are refused before this. */
export async function handleEnquiry({ request, context }: ActionFunctionArgs) {
  const { requestId } = context;
  const locale = localeOfPath(new URL(request.url).pathname);
  // The server already refuses other methods; this keeps the action safe on its own.
  if (request.method !== "POST") {
    return new Response("Method Not Allowed", {
      status: 405,
      headers: { Allow: "GET, HEAD, POST", "Cache-Control": "private, no-store" },
    });
  }

  const limit = await context.wiring.countEnquiry(request, context.clientAddress);
  const body = await readFormBody(request);
  if (!limit.allowed) {
    log("warn", "enquiry.rate_limited", { requestId, retryAfterSeconds: limit.retryAfterSeconds });
    return tooMany(
      locale,
      body.ok ? readEnquiryValues(body.form) : EMPTY_ENQUIRY,
      limit.retryAfterSeconds,
      currentContact(),
    );
  }
  if (!body.ok) {
    log("warn", "enquiry.rejected", { requestId, reason: body.reason, status: body.status });
    return unreadable(locale, body);
  }

  const parsed = parseEnquiry(body.form, locale);
  if (!parsed.ok) return invalid(locale, parsed);

  // A caught enquiry gets the same answer as an accepted one: a bot learns nothing (decision 0030).
  const source = await context.wiring.visits.sourceOf(request, context.clientAddress);
  const enquiry = { ...parsed.enquiry, page: pageSentFrom(request), ...(source && { source }) };
  const client = clientAddress(request, context.clientAddress, env.TRUST_PROXY_HEADER);
  const stored = await storeOnce(client, enquiry, () =>
    storeEnquiry(context.wiring, enquiry, requestId, judge(body.form, enquiry)),
  );
  return stored.ok ? accepted(locale, stored.reference) : notStored(locale, parsed.values, currentContact());
}

const storeOnce = sameEnquiryOnce();
const judge = spamJudge({
  honeypot: env.HONEYPOT,
  minSeconds: env.SPAM_MIN_SECONDS,
  linkPercent: env.SPAM_LINK_PERCENT,
  repeatCount: env.SPAM_REPEAT_COUNT,
  repeatMinutes: env.SPAM_REPEAT_MINUTES,
});

/** Only the path of a Referer naming this site is kept. */
function pageSentFrom(request: Request): string {
  const own = new URL(request.url);
  const referer = request.headers.get("referer");
  try {
    const from = referer ? new URL(referer) : undefined;
    if (from && from.host === own.host && /^\/[\w\-/.~%]*$/.test(from.pathname)) return from.pathname.slice(0, 200);
  } catch {
    /* not a URL: the path posted to */
  }
  return own.pathname.slice(0, 200);
}
