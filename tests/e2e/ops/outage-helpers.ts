import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";
import { median } from "../../../scripts/lib/stats";
import { postEnquiry, sentTo, type OpsServer } from "./server";

export const BACKOFF = { baseMs: 500, maxMs: 2_000 };
export const PACE_MS = 150;
const METRICS_TOKEN = "outage-metrics-token-0123456789abcdef";
export const SCALED = {
  METRICS_TOKEN,
  OUTBOX_RETRY_BASE_MS: String(BACKOFF.baseMs),
  OUTBOX_RETRY_MAX_MS: String(BACKOFF.maxMs),
  OUTBOX_PROBE_MAX_MS: String(BACKOFF.maxMs),
  EMAILJS_MIN_INTERVAL_MS: String(PACE_MS),
  OUTBOX_POLL_MS: "100",
};
// The signed webhook, paced at 5 a second: it keeps up with the visitors, as Slack's one a second would not.
export const WEBHOOK = {
  WEBHOOK_URL: "https://crm.test/hooks/outage",
  WEBHOOK_SECRET: `whsec_${Buffer.from("the outage test's webhook secret!").toString("base64")}`,
};
export const webhookMessage = (body: string) => (JSON.parse(body) as { data: { message: string } }).data.message;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

export async function visitorsWrite(base: string, prefix: string, forMs: number, from = 0, everyMs = 300) {
  const accepted: string[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const message = `${prefix} ${String(from + accepted.length).padStart(3, "0")}`;
    expect(await postEnquiry(base, message)).toBe(302);
    accepted.push(message);
    await sleep(everyMs);
  }
  return accepted;
}

export async function metrics(base: string) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return new Map(
    text
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.lastIndexOf(" ")), Number(line.slice(line.lastIndexOf(" ") + 1))]),
  );
}

export function inOrder(delivered: string[], accepted: string[]) {
  const at = delivered.map((m) => accepted.indexOf(m));
  return at.slice(1).filter((p, i) => p > at[i]!).length / Math.max(1, at.length - 1);
}

export const emailCalls = (record: string) => sentTo(record).filter((s) => !s.channel);

export async function referencePace(server: OpsServer) {
  const burst = Array.from({ length: 6 }, (_, i) => `Reference ${i}`);
  for (const message of burst) expect(await postEnquiry(server.base, message)).toBe(302);
  await expect.poll(() => emailCalls(server.record).filter((s) => s.answered === "200").length).toBe(6);
  return median(gaps(emailCalls(server.record).map((s) => s.at)));
}

export const outboxOn = (databaseUrl: string, ...args: string[]) =>
  spawnSync(process.execPath, ["build/outbox.js", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
