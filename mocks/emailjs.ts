import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";

/** A stand-in for EmailJS's send-form endpoint, for tests and `MOCKS=true` runs. It records
 * every request it answers (to the array, and as JSON lines to MOCKS_RECORD_FILE when set),
 * so a test can prove the mock, not the network, answered, and read back what was sent.
 *
 * The message decides the answer, so a test can ask for any outcome:
 *   "[mock:400]" "[mock:403]" "[mock:412]" "[mock:429]" "[mock:500]" → that status with
 *   EmailJS-like text; "[mock:timeout]" → never answers in time; "[mock:network]" → the
 *   connection fails; "[mock:slow]" → "OK" after 0.8 s; anything else → 200 "OK".
 *
 * A call with the confirmation's template (EMAILJS_CONFIRMATION_TEMPLATE_ID) is recorded with
 * `channel: "confirmation"`, beside the team's e-mails.
 *
 * While the file MOCKS_OUTAGE_FILE names exists, every call is answered with the status
 * written in it ("500", "403", …): an outage or a misconfiguration, for as long as a test
 * keeps the file. */
import type { RecordedSend } from "./recorded-sends";

export type { RecordedSend };

export const recordedSends: RecordedSend[] = [];

const TEXTS: Record<number, string> = {
  400: "The user_id parameter is required",
  403: "API calls are disabled for non-browser applications",
  412: "Gmail_API: Request had insufficient authentication scopes.",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

function record(entry: RecordedSend) {
  recordedSends.push(entry);
  const file = process.env.MOCKS_RECORD_FILE;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, JSON.stringify(entry) + "\n");
  }
}

/** The status the outage file asks for, if there is one. */
function outage(): string | undefined {
  const file = process.env.MOCKS_OUTAGE_FILE;
  if (!file || !existsSync(file)) return undefined;
  return readFileSync(file, "utf8").trim() || "500";
}

export const emailJsHandlers = [
  http.post("*/api/v1.0/email/send-form", async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === "string" ? value : "[file]";
    });
    const directive = outage() ?? /\[mock:(\w+)\]/.exec(fields.message ?? "")?.[1];
    const status = Number(directive);
    const answered = directive ?? "200";
    // The visitor's confirmation (its own template) is recorded as its channel's.
    const confirmation = fields.template_id === process.env.EMAILJS_CONFIRMATION_TEMPLATE_ID;
    record({
      url: request.url,
      fields,
      at: Date.now(),
      answered,
      ...(confirmation ? { channel: "confirmation" } : {}),
    });
    if (directive === "timeout") {
      await delay("infinite");
    }
    if (directive === "network") return HttpResponse.error();
    if (directive === "slow") await delay(800);
    // Any status asked for is answered (a 503 outage was answered 200 before: not an outage).
    if (status >= 400 && status <= 599) return new HttpResponse(TEXTS[status] ?? `Error ${status}`, { status });
    return new HttpResponse("OK", { status: 200 });
  }),
];
