import type { EnquiryRecord } from "~/store/record.server";
import { providerFault, type SendResult, type Verdict } from "./transport.server";

const PERMANENT: { status: number[]; text: RegExp; fix: string }[] = [
  {
    status: [403],
    text: /non-browser/i,
    fix: 'In EmailJS, Account → Security: enable "Allow EmailJS API for non-browser applications".',
  },
  {
    status: [400, 401, 403, 404],
    text: /user_id|public key|service_id|service id|template_id|template id|access ?token|private key/i,
    fix: "Check EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID, EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY against the EmailJS dashboard.",
  },
  {
    status: [400, 422],
    text: /template|variables/i,
    fix: "The EmailJS template does not accept these variables: check it uses name, email, number, category, message and language.",
  },
  {
    status: [412],
    text: /./,
    fix: "EmailJS cannot use the e-mail service: reconnect it (Email Services) in the EmailJS dashboard.",
  },
  { status: [423], text: /./, fix: "The EmailJS account is blocked: contact EmailJS support." },
];

export function judgeEmailJs(result: Extract<SendResult, { ok: false }>): Verdict {
  const detail = result.detail ?? "";
  if (result.status === 413 || /size limit/i.test(detail))
    return {
      kind: "give-up",
      fix: "EmailJS refuses this enquiry's size (its variables may total 50 KB): read it in the inbox, and report it to the site's developers.",
    };
  const provider = providerFault(result);
  if (provider) return provider;
  // A used-up monthly quota is the account's, a 4xx that fixes itself: the channel waits.
  if (/quota|limit/i.test(detail)) return { kind: "provider", unavailable: true };
  const known = PERMANENT.find((p) => p.status.includes(result.status!) && p.text.test(detail));
  return known ? { kind: "give-up", fix: known.fix } : { kind: "retry" };
}

export type Backoff = { baseMs: number; maxMs: number };

export function mostProbesWithin(ms: number, backoff: Backoff): number {
  let calls = 1;
  for (let waited = retryDelay(1, backoff, () => 0); waited <= ms; waited += retryDelay(calls, backoff, () => 0))
    calls++;
  return calls;
}

/** A day's wait asked by mistake, or by a quota, is probed again after an hour. */
const RETRY_AFTER_CAP_MS = 3_600_000;

export const nextTryDelay = (failures: number, backoff: Backoff, retryAfterMs = 0): number =>
  Math.max(retryDelay(failures, backoff), Math.min(retryAfterMs, RETRY_AFTER_CAP_MS));

/** Waiting behind a backlog is not failing; an outage that began before it arrived counts from its arrival. */
export function failingSince(record: EnquiryRecord, channelFailingSince?: string): number | undefined {
  const from = Date.parse(record.retriedAt ?? record.receivedAt);
  const firstTry = record.attempts.find((a) => a.outcome !== "delivered" && Date.parse(a.at) >= from);
  const times = [
    firstTry ? Date.parse(firstTry.at) : NaN,
    channelFailingSince ? Math.max(Date.parse(channelFailingSince), from) : NaN,
  ].filter(Number.isFinite);
  return times.length ? Math.min(...times) : undefined;
}

/** "Equal jitter": retries after an outage spread out but never come sooner than half the step. */
export function retryDelay(failures: number, { baseMs, maxMs }: Backoff, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
