// EmailJS's stand-in: the message decides the answer ("[mock:500]", "[mock:timeout]", "[mock:slow]"), each call recorded
// so a test proves the mock answered; MOCKS_OUTAGE_FILE holds a status while it exists.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";

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
    // Any status asked for is answered (a 503 was once answered 200: not an outage).
    if (status >= 400 && status <= 599) return new HttpResponse(TEXTS[status] ?? `Error ${status}`, { status });
    return new HttpResponse("OK", { status: 200 });
  }),
];
