// Two runs of the queue bench beside its sizes: a burst with EmailJS up, and every channel's drain after an outage of all.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readRecordedSends } from "../../mocks/recorded-sends";
import type { PgCluster } from "../../tests/support/pg-cluster";
import { serveBuild } from "./serve-build";
import { median, quantile } from "./stats";

export type BenchContext = { cluster?: PgCluster; ids: Record<string, string> };

export const body = (n: number) =>
  new URLSearchParams({
    name: "Bench",
    email: "bench@example.com",
    number: "+385 91 234 5678",
    category: "other",
    message: `Queue bench ${String(n).padStart(6, "0")}`,
    website: "",
  });

const p99 = (xs: number[]) => quantile(xs, 0.99);

export type Burst = {
  size: number;
  medianMs: number;
  p99Ms: number;
  stored: number;
  deliveredOnce: number;
  twice: number;
};

export async function benchServer(
  { cluster, ids }: BenchContext,
  {
    name,
    port,
    outage = [],
    env = {},
  }: { name: string; port: number; outage?: string[]; env?: Record<string, string> },
) {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const record = path.join(dir, "sent.jsonl");
  const outageFile = path.join(dir, "outage");
  for (const channel of outage) writeFileSync(channel === "email" ? outageFile : `${outageFile}.${channel}`, "503");
  const databaseUrl = cluster ? cluster.createDatabase(name) : `file:${path.join(dir, "site.db")}`;
  const server = await serveBuild({
    port,
    env: {
      ...ids,
      MOCKS: "true",
      MOCKS_RECORD_FILE: record,
      ...(outage.length ? { MOCKS_OUTAGE_FILE: outageFile } : {}),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_MAX: "0",
      ...env,
    },
  });
  return { server, dir, record, outageFile, databaseUrl };
}

/** EmailJS's stand-in paced at 20 ms, so checking that each was delivered once takes seconds. */
export async function burst(context: BenchContext, size: number, port: number): Promise<Burst> {
  const { server, dir, record } = await benchServer(context, {
    name: `burst_${size}`,
    port,
    env: { EMAILJS_MIN_INTERVAL_MS: "20" },
  });
  try {
    const times = await Promise.all(
      Array.from({ length: size }, async (_, n) => {
        const t = performance.now();
        const res = await fetch(`${server.base}/contact`, {
          method: "POST",
          body: body(900_000 + n),
          redirect: "manual",
        });
        await res.arrayBuffer();
        if (res.status !== 302) throw new Error(`burst enquiry ${n} answered ${res.status}`);
        return performance.now() - t;
      }),
    );
    const health = (await (await fetch(`${server.base}/healthz`)).json()) as { pending: number };
    const deadline = Date.now() + 60_000;
    const sent = () =>
      readRecordedSends(record)
        .filter((s) => s.answered === "200")
        .map((s) => s.fields.message ?? "");
    while (new Set(sent()).size < size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const messages = sent();
    const counts = new Map<string, number>();
    for (const m of messages) counts.set(m, (counts.get(m) ?? 0) + 1);
    return {
      size,
      medianMs: median(times),
      p99Ms: p99(times),
      stored: health.pending + new Set(messages).size,
      deliveredOnce: [...counts.values()].filter((c) => c === 1).length,
      twice: [...counts.values()].filter((c) => c > 1).length,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHANNEL_ENV = {
  SLACK_WEBHOOK_URL: "https://hooks.slack.test/services/T0/B0/bench",
  DISCORD_WEBHOOK_URL: "https://discord.test/api/webhooks/1/bench",
  TELEGRAM_BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678",
  TELEGRAM_CHAT_ID: "4242",
  TELEGRAM_API_URL: "https://telegram.test",
  WEBHOOK_URL: "https://crm.test/hooks/bench",
  WEBHOOK_SECRET: `whsec_${Buffer.from("the queue bench's webhook secret!").toString("base64")}`,
};
const CHANNEL_RATES: Record<string, number> = { email: 1, slack: 1, discord: 2, telegram: 1, webhook: 5 };
export type ChannelDrain = { channel: string; perSecond: number; expected: number; twice: number };

export async function channelDrains(context: BenchContext, port: number): Promise<ChannelDrain[]> {
  const channels = Object.keys(CHANNEL_RATES);
  const {
    server,
    dir,
    record,
    outageFile: outage,
  } = await benchServer(context, {
    name: "channels",
    port,
    outage: channels,
    env: { ...CHANNEL_ENV, OUTBOX_RETRY_BASE_MS: "100", OUTBOX_RETRY_MAX_MS: "1000" },
  });
  try {
    for (let n = 0; n < 100; n++) {
      const res = await fetch(`${server.base}/contact`, { method: "POST", body: body(n), redirect: "manual" });
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 1_500));
    for (const channel of channels) rmSync(channel === "email" ? outage : `${outage}.${channel}`);
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 8_000));
    const sent = readRecordedSends(record).filter((s) => s.answered === "200" && s.at >= from && s.at < from + 8_000);
    return channels.map((channel) => {
      const mine = sent.filter((s) => (s.channel ?? "email") === channel);
      const keys = mine.map((s) => s.body ?? s.fields.message ?? "");
      return {
        channel,
        perSecond: mine.length > 1 ? (mine.length - 1) / ((mine.at(-1)!.at - mine[0]!.at) / 1000) : 0,
        expected: CHANNEL_RATES[channel]!,
        twice: keys.length - new Set(keys).size,
      };
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
