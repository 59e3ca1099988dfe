import type { Delivery } from "~/store/store.server";

/** What one try at handing an enquiry to a provider came to: a value, never a throw. */
export type SendResult =
  | { ok: true; status: number }
  | {
      ok: false;
      /** For the log and the record: "http_<status>", "timeout", "network". */
      reason: string;
      status?: number;
      /** The provider's text, shortened (never a secret: providers do not echo them). */
      detail?: string;
      /** How long the provider asked us to wait (429's Retry-After, or its body's retry_after). */
      retryAfterMs?: number;
    };

/** Whose failure a failed try was, and so what follows (decision 0026). */
export type Verdict =
  /** The provider's (a timeout, a network error, 408, 425, 429, 5xx, a used-up quota): the
   * channel backs off and one delivery at a time probes it; this one keeps its place in the
   * queue. `unavailable`: the provider said so itself (429, 502, 503, 504, a quota), so the
   * oldest probes alone; otherwise (500, a timeout, a network error) it may be this one message's
   * doing, and the next probe is another delivery's. */
  | { kind: "provider"; unavailable: boolean }
  /** This delivery's own failure (a 4xx about this message) that may pass: it alone waits out
   * a backoff, the channel goes on. */
  | { kind: "retry" }
  /** Retrying cannot fix it: an operator must, and `fix` says how. */
  | { kind: "give-up"; fix: string };

/** The answers that are the provider's fault whatever the message: none in time, no connection,
 * 408, 425, 429, or a 5xx. Each channel's judge asks this before its own rules. */
export function providerFault(result: { status?: number }): Extract<Verdict, { kind: "provider" }> | undefined {
  const { status } = result;
  if (status !== undefined && status !== 408 && status !== 425 && status !== 429 && status < 500) return undefined;
  return { kind: "provider", unavailable: status === 429 || status === 502 || status === 503 || status === 504 };
}

/** One road an enquiry takes to the team: its own queue, pacing and rules (app/delivery/channels.server.ts). */
export type DeliveryChannel = {
  /** The delivery rows' channel: "email", "slack", "discord", "telegram", "webhook". */
  name: string;
  /** One call to the provider (pacing and retries are the worker's). */
  send: (delivery: Delivery) => Promise<SendResult>;
  /** At least this long between two calls (within the provider's published limit). */
  intervalMs: number;
  /** The pacing row (and this process's spacing) it keeps to, when it shares a provider's
   * account with another channel (EmailJS's e-mail and the confirmation); its name otherwise. */
  pacing?: string;
  /** Whose failure it was: the provider's (the channel backs off), this delivery's own that may
   * pass (it alone backs off), or one only an operator can fix (failed). */
  judge: (result: Extract<SendResult, { ok: false }>) => Verdict;
  /** The fix line of a delivery still failing after the bound. */
  giveUpFix: (giveUpAfterMs: number) => string;
};

/** A provider's wait hint in milliseconds: the Retry-After header (seconds, or an HTTP date) or
 * a `retry_after` in seconds from its JSON body (Discord's top level, Telegram's parameters). */
export function retryAfterMs(headers: Headers, body?: unknown): number | undefined {
  const header = headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const fromBody = (body as { retry_after?: unknown; parameters?: { retry_after?: unknown } } | undefined) ?? {};
  const seconds = Number(fromBody.retry_after ?? fromBody.parameters?.retry_after);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

/** One POST of JSON to a provider as a SendResult; `ok` decides success from the answer. */
export async function postJson(
  url: string,
  body: unknown,
  {
    timeoutMs,
    headers = {},
    ok = (status: number) => status >= 200 && status < 300,
  }: {
    timeoutMs: number;
    headers?: Record<string, string>;
    ok?: (status: number, text: string) => boolean;
  },
): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    const text = await response.text();
    if (ok(response.status, text)) return { ok: true, status: response.status };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return {
      ok: false,
      reason: `http_${response.status}`,
      status: response.status,
      detail: text.slice(0, 300),
      retryAfterMs: retryAfterMs(response.headers, parsed),
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const reason = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
    return { ok: false, reason, detail: error instanceof Error ? error.message.slice(0, 300) : undefined };
  }
}
