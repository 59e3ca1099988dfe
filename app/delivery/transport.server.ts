import type { Delivery } from "~/store/store.server";

/** A value, never a throw. */
export type SendResult =
  | { ok: true; status: number }
  | {
      ok: false;
      reason: string;
      status?: number;
      /** Never a secret: providers do not echo them. */
      detail?: string;
      retryAfterMs?: number;
    };

/** Decision 0026. */
export type Verdict =
  /** `unavailable`: the provider said so itself (429, 502–504, a quota), so the oldest probes alone; a 500 or a timeout
   * may be this message's doing, and the next probe is another delivery's. */
  { kind: "provider"; unavailable: boolean } | { kind: "retry" } | { kind: "give-up"; fix: string };

export function providerFault(result: { status?: number }): Extract<Verdict, { kind: "provider" }> | undefined {
  const { status } = result;
  if (status !== undefined && status !== 408 && status !== 425 && status !== 429 && status < 500) return undefined;
  return { kind: "provider", unavailable: status === 429 || status === 502 || status === 503 || status === 504 };
}

export type DeliveryChannel = {
  name: string;
  send: (delivery: Delivery) => Promise<SendResult>;
  intervalMs: number;
  /** Shared with another channel on one provider's account (EmailJS's e-mail and the confirmation). */
  pacing?: string;
  judge: (result: Extract<SendResult, { ok: false }>) => Verdict;
  giveUpFix: (giveUpAfterMs: number) => string;
};

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
