// Every channel at once, each provider answered by its stand-in (mocks/channels.ts): a channel that is down holds up no other.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { channelCounts, deliveredCounts, health, outboxCommand, postEnquiry, sentTo, startServer } from "./server";
import { scaled } from "../time-scale";

const SECRET = `whsec_${Buffer.from("the webhook secret of the ops test!").toString("base64")}`;
const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678";
const CHANNELS = {
  SLACK_WEBHOOK_URL: "https://hooks.slack.test/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX",
  DISCORD_WEBHOOK_URL: "https://discord.test/api/webhooks/1/webhook-token",
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_CHAT_ID: "4242",
  TELEGRAM_API_URL: "https://telegram.test",
  WEBHOOK_URL: "https://crm.test/hooks/enquiries",
  WEBHOOK_SECRET: SECRET,
  METRICS_TOKEN: "channels-metrics-token-0123456789",
  OUTBOX_RETRY_BASE_MS: "1000",
  OUTBOX_RETRY_MAX_MS: "2000",
};
const NAMES = ["email", "slack", "discord", "telegram", "webhook"] as const;

const messageIn: Record<string, (body: string) => string> = {
  slack: (body) => (JSON.parse(body) as { blocks: { text?: { text: string } }[] }).blocks[3]!.text!.text,
  discord: (body) => (JSON.parse(body) as { content: string }).content.split("\n")[3]!.replace(/\\(.)/g, "$1"),
  telegram: (body) => (JSON.parse(body) as { text: string }).text.split("\n")[4]!,
  webhook: (body) => (JSON.parse(body) as { data: { message: string } }).data.message,
};

test("each enquiry reaches every channel once; one channel down for a while delays no other, then catches up", async () => {
  test.setTimeout(scaled(60_000));
  const server = await startServer(3156, CHANNELS);
  try {
    writeFileSync(`${server.outageFile}.slack`, "503");
    const messages = [1, 2, 3].map((n) => `To every channel ${n}`);
    for (const message of messages) expect(await postEnquiry(server.base, message)).toBe(302);
    await expect.poll(() => deliveredCounts(server.record).size, { timeout: scaled(15_000) }).toBe(3);
    for (const channel of ["discord", "telegram", "webhook"])
      await expect
        .poll(() => [...channelCounts(server.record, channel, messageIn[channel]!).entries()].sort(), {
          timeout: scaled(15_000),
        })
        .toEqual(messages.map((m) => [m, 1]));
    expect(channelCounts(server.record, "slack", messageIn.slack!).size).toBe(0);
    const during = await health(server.base);
    expect(during).toMatchObject({ transport: "emailjs", channels: { slack: { pending: 3 }, email: { pending: 0 } } });

    rmSync(`${server.outageFile}.slack`);
    await expect
      .poll(() => [...channelCounts(server.record, "slack", messageIn.slack!).entries()].sort(), {
        timeout: scaled(20_000),
      })
      .toEqual(messages.map((m) => [m, 1]));
    await expect
      .poll(async () => (await health(server.base)).channels, { timeout: scaled(5_000) })
      // The guest's booking messages and the desk's replies are channels too, with nothing waiting here.
      .toEqual(
        Object.fromEntries([...NAMES, "booking", "reply"].map((n) => [n, { pending: 0, failed: 0, state: "up" }])),
      );
    for (const sent of sentTo(server.record).filter((s) => s.channel === "webhook" && s.answered === "200"))
      expect(new Webhook(SECRET).verify(sent.body!, sent.headers!)).toMatchObject({ type: "enquiry.received" });
    const metrics = await (
      await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${CHANNELS.METRICS_TOKEN}` } })
    ).text();
    for (const name of NAMES)
      expect(metrics).toMatch(new RegExp(`^enquiry_deliveries_total\\{channel="${name}"\\} 3$`, "m"));
    expect(metrics).toMatch(
      /^enquiry_delivery_failures_total\{channel="slack",reason="http_503",outcome="retry"\} [1-9]/m,
    );
    expect(metrics).toMatch(/^enquiry_delivery_call_seconds_count\{channel="telegram"\} 3$/m);
    expect(metrics).toMatch(/^enquiry_deliveries_pending\{channel="slack"\} 0$/m);
    const health_ = JSON.stringify(await health(server.base));
    for (const secret of [
      TOKEN,
      SECRET,
      CHANNELS.SLACK_WEBHOOK_URL,
      CHANNELS.DISCORD_WEBHOOK_URL,
      CHANNELS.WEBHOOK_URL,
    ])
      for (const text of [metrics, health_, server.logs()]) expect(text).not.toContain(secret);
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("booking details reach EmailJS and every channel: as stored by key, as people read them in the message", async () => {
  test.setTimeout(scaled(60_000));
  const server = await startServer(3159, CHANNELS);
  try {
    const message = "A table for twelve with details";
    const details = { event_date: "2099-01-01", guests: "12", budget: "3000-10000", city: "hvar", event_time: "23h" };
    expect(await postEnquiry(server.base, message, details)).toBe(400);
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(await postEnquiry(server.base, message, { ...details, event_date: day })).toBe(302);
    const words = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T00:00:00Z`));
    const line = `Date: ${words} · Time: 23:00 · Guests: 12 · Budget: €3,000–10,000 · City: Hvar`;
    await expect.poll(() => deliveredCounts(server.record).get(message), { timeout: scaled(15_000) }).toBe(1);
    const email = sentTo(server.record).find((s) => !s.channel && s.fields.message === message)!;
    expect(email.fields).toMatchObject({
      event_date: day,
      event_time: "23:00",
      guests: "12",
      budget: "3000-10000",
      city: "hvar",
      details: line,
    });
    for (const channel of ["slack", "discord", "telegram", "webhook"] as const)
      await expect
        .poll(() => sentTo(server.record).filter((s) => s.channel === channel && s.answered === "200").length, {
          timeout: scaled(15_000),
        })
        .toBe(1);
    const body = (channel: string) =>
      sentTo(server.record).find((s) => s.channel === channel && s.answered === "200")!.body!;
    expect(JSON.stringify(JSON.parse(body("slack")))).toContain(line);
    expect((JSON.parse(body("discord")) as { content: string }).content.replace(/\\(.)/g, "$1")).toContain(line);
    expect((JSON.parse(body("telegram")) as { text: string }).text).toContain(line);
    expect((JSON.parse(body("webhook")) as { data: Record<string, string> }).data).toMatchObject({
      event_date: day,
      event_time: "23:00",
      guests: "12",
      budget: "3000-10000",
      city: "hvar",
    });
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("a deleted webhook's delivery fails with its fix; the operator tests the channel, fixes it and retries that channel only", async () => {
  test.setTimeout(scaled(60_000));
  const server = await startServer(3157, CHANNELS);
  const env = {
    ...process.env,
    ...CHANNELS,
    MOCKS: "true",
    MOCKS_RECORD_FILE: server.record,
    MOCKS_OUTAGE_FILE: server.outageFile,
  };
  const command = (...args: string[]) =>
    spawnSync(process.execPath, ["build/outbox.js", ...args], {
      env: { ...env, DATABASE_URL: `file:${server.database}` },
      encoding: "utf8",
    });
  try {
    writeFileSync(`${server.outageFile}.discord`, "404");
    expect(await postEnquiry(server.base, "Discord's webhook was deleted")).toBe(302);
    await expect
      .poll(async () => (await health(server.base)).channels, { timeout: scaled(15_000) })
      .toMatchObject({
        discord: { pending: 0, failed: 1 },
        email: { pending: 0, failed: 0 },
      });
    expect(server.logs()).toMatch(/"event":"enquiry.delivery_failed".*"channel":"discord".*deleted/);
    const listed = outboxCommand(server.database, "list", "failed");
    expect(listed.stdout).toMatch(/discord\s+failed .*http_404 The Discord webhook was deleted/);
    const tried = command("test-channel", "discord");
    expect(tried.status).toBe(1);
    expect(tried.stderr).toMatch(/^discord: http_404 .*deleted/);
    rmSync(`${server.outageFile}.discord`); // a new webhook
    expect(command("test-channel", "discord").stdout).toBe("discord: delivered (204)\n");
    const before = sentTo(server.record).filter((s) => s.channel === "email").length;
    const retried = command("retry", "--failed", "--channel", "discord");
    expect(retried.stdout).toContain("1 failed delivery back in pending");
    const channels = async () => (await health(server.base)).channels as Record<string, unknown>;
    await expect
      .poll(async () => (await channels()).discord, { timeout: scaled(10_000) })
      .toEqual({ pending: 0, failed: 0, state: "up" });
    expect(sentTo(server.record).filter((s) => s.channel === "email")).toHaveLength(before);
    const json = command("list", "--json")
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { deliveries: { channel: string; state: string }[] });
    expect(json[0]!.deliveries.map((d) => `${d.channel} ${d.state}`).sort()).toEqual(
      NAMES.map((n) => `${n} delivered`).sort(),
    );
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("the configuration gate refuses a channel half set up or over plain http, naming no secret", () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["build/start.js"], {
      env: { ...process.env, NODE_ENV: "production", ...env },
      encoding: "utf8",
    });
  const half = start({ TELEGRAM_BOT_TOKEN: TOKEN, WEBHOOK_SECRET: SECRET });
  expect(half.status).toBe(1);
  expect(half.stderr).toMatch(/TELEGRAM_CHAT_ID.*go together/);
  expect(half.stderr).toMatch(/WEBHOOK_URL.*go together/);
  const plain = start({ SLACK_WEBHOOK_URL: "http://hooks.slack.example/services/secret-part" });
  expect(plain.status).toBe(1);
  expect(plain.stderr).toMatch(/SLACK_WEBHOOK_URL .*https, or http to a loopback address/);
  for (const output of [half.stderr, plain.stderr]) {
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain("secret-part");
  }
});
