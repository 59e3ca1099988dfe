import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import type { RecordedSend } from "./recorded-sends";

// The message decides the answer ("[mock:429]", "[mock:timeout]"); `${MOCKS_OUTAGE_FILE}.<channel>` holds a status while it exists.
type Answer = (status: number) => Response;

const PROVIDERS: Record<string, { ok: () => Response; fail: Answer }> = {
  slack: {
    ok: () => new HttpResponse("ok"),
    fail: (status) =>
      new HttpResponse(
        { 404: "no_service", 403: "invalid_token", 410: "channel_is_archived", 429: "rate_limited" }[status] ??
          "internal_error",
        { status, headers: status === 429 ? { "Retry-After": "1" } : {} },
      ),
  },
  discord: {
    ok: () => new HttpResponse(null, { status: 204 }),
    fail: (status) =>
      HttpResponse.json(
        status === 429
          ? { message: "You are being rate limited.", retry_after: 1, global: false }
          : { message: status === 404 ? "Unknown Webhook" : "Error", code: status === 404 ? 10015 : 0 },
        { status, headers: status === 429 ? { "Retry-After": "1" } : {} },
      ),
  },
  telegram: {
    ok: () => HttpResponse.json({ ok: true, result: { message_id: 1 } }),
    fail: (status) =>
      HttpResponse.json(
        {
          ok: false,
          error_code: status,
          description:
            {
              401: "Unauthorized",
              403: "Forbidden: bot was kicked from the group chat",
              400: "Bad Request: chat not found",
            }[status] ?? "Too Many Requests: retry after 1",
          ...(status === 429 ? { parameters: { retry_after: 1 } } : {}),
        },
        { status },
      ),
  },
  webhook: {
    ok: () => new HttpResponse(null, { status: 204 }),
    fail: (status) => new HttpResponse(`Error ${status}`, { status }),
  },
};

function record(entry: RecordedSend) {
  const file = process.env.MOCKS_RECORD_FILE;
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify(entry) + "\n");
}

const outage = (channel: string) => {
  const file = process.env.MOCKS_OUTAGE_FILE && `${process.env.MOCKS_OUTAGE_FILE}.${channel}`;
  return file && existsSync(file) ? readFileSync(file, "utf8").trim() || "500" : undefined;
};

export function channelHandlers(env: Record<string, string | undefined> = process.env) {
  const telegram = env.TELEGRAM_BOT_TOKEN
    ? `${(env.TELEGRAM_API_URL ?? "https://api.telegram.org").replace(/\/+$/, "")}/bot${env.TELEGRAM_BOT_TOKEN}/sendMessage`
    : undefined;
  const urls: [string, string | undefined][] = [
    ["slack", env.SLACK_WEBHOOK_URL],
    ["discord", env.DISCORD_WEBHOOK_URL],
    ["telegram", telegram],
    ["webhook", env.WEBHOOK_URL],
  ];
  return urls
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([channel, url]) =>
      http.post(url, async ({ request }) => {
        const body = await request.text();
        const directive = outage(channel) ?? /mock\\?:(\w+)/.exec(body)?.[1];
        const headers = Object.fromEntries(
          [...request.headers].filter(([name]) => name.startsWith("webhook-") || name === "content-type"),
        );
        record({ url: channel, channel, fields: {}, body, headers, at: Date.now(), answered: directive ?? "200" });
        if (directive === "timeout") await delay("infinite");
        const status = Number(directive);
        if (status >= 400 && status <= 599) return PROVIDERS[channel]!.fail(status);
        return PROVIDERS[channel]!.ok();
      }),
    );
}
