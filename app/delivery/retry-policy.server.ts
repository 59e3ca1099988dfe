import type { SendResult, Verdict } from "./transport.server";

/** Problems that retrying cannot fix, known by EmailJS's status and text. Anything else
 * (timeouts, network errors, 429, 5xx, a used-up quota, an unknown answer) is retried. */
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

/** EmailJS's failures: what may pass, and what needs an operator (with the fix). */
export function judgeEmailJs(result: Extract<SendResult, { ok: false }>): Verdict {
  if (result.status === undefined) return { kind: "retry" };
  // A used-up monthly quota is a 4xx that fixes itself: retry (with backoff, up to the bound).
  if (/quota|limit/i.test(result.detail ?? "")) return { kind: "retry" };
  const known = PERMANENT.find((p) => p.status.includes(result.status!) && p.text.test(result.detail ?? ""));
  return known ? { kind: "give-up", fix: known.fix } : { kind: "retry" };
}

export type Backoff = { baseMs: number; maxMs: number };

/** The wait before try number `failures + 1`: exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (a random wait between half and all of the step), so retries after an
 * outage spread out but never come sooner than half the step. */
export function retryDelay(failures: number, { baseMs, maxMs }: Backoff, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
