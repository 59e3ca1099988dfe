// The visitor's confirmation (docs/operations.md) against real server processes: the abuse bounds, store and forward.
import { rmSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { enquiryBody, outboxCommand, sentTo, startServer, workspace } from "./server";
import { scaled } from "../time-scale";

const TEMPLATE = "template_ops_confirm";
const METRICS_TOKEN = "confirm-metrics-token-0123456789abcdef";
const CONFIRMING = {
  EMAILJS_CONFIRMATION_TEMPLATE_ID: TEMPLATE,
  EMAILJS_MIN_INTERVAL_MS: "50",
  OUTBOX_POLL_MS: "100",
  OUTBOX_RETRY_BASE_MS: "300",
  OUTBOX_RETRY_MAX_MS: "1000",
  METRICS_TOKEN,
};

async function post(base: string, message: string, email: string, extra: Record<string, string> = {}) {
  const body = enquiryBody(message);
  body.set("email", email);
  for (const [key, value] of Object.entries(extra)) body.set(key, value);
  return (await fetch(`${base}/contact`, { method: "POST", body, redirect: "manual" })).status;
}

function confirmed(record: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sentTo(record))
    if (s.channel === "confirmation" && s.answered === "200")
      counts.set(s.fields.to_email!, (counts.get(s.fields.to_email!) ?? 0) + 1);
  return counts;
}
const emailsAccepted = (record: string) => sentTo(record).filter((s) => !s.channel && s.answered === "200").length;

test("20 enquiries naming one victim: one confirmation; a caught bot none; skipped counted, logged, listed", async () => {
  const server = await startServer(3221, CONFIRMING);
  try {
    for (let n = 0; n < 20; n++)
      expect(await post(server.base, `Victim ${n}`, n % 2 ? "Victim@Example.com" : "victim@example.com")).toBe(302);
    await post(server.base, "Bot", "bot-target@example.com", { website: "http://spam.example" });
    await expect.poll(() => emailsAccepted(server.record), { timeout: scaled(15_000) }).toBe(20);
    await expect.poll(() => [...confirmed(server.record)]).toEqual([["victim@example.com", 1]]);
    const metrics = await (
      await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain('enquiry_confirmations_skipped_total{limit="address_hour"} 19');
    expect(metrics).toMatch(/enquiry_deliveries_total\{channel="confirmation"\} 1\b/);
    expect(server.logs().match(/"confirmation\.skipped"/g)).toHaveLength(19);
    expect(server.logs()).not.toContain("victim@");
    const channels = outboxCommand(server.database, "channels", "--json");
    expect(channels.stdout).toMatch(/"channel":"confirmation"/);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("EmailJS down, the server killed (-9) and restarted, EmailJS back: each visitor confirmed once", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const first = await startServer(3222, CONFIRMING, place);
  writeFileSync(place.outageFile, "503");
  const addresses = ["one@example.com", "two@example.com", "three@example.com"];
  for (const [n, address] of addresses.entries()) expect(await post(first.base, `Down ${n}`, address)).toBe(302);
  // Both EmailJS channels tried and were refused: the confirmation waits like the e-mail.
  await expect.poll(() => sentTo(place.record).some((s) => s.channel === "confirmation")).toBe(true);
  expect(confirmed(place.record).size).toBe(0);
  first.child.kill("SIGKILL");
  await first.exited;
  rmSync(place.outageFile);
  const second = await startServer(3222, CONFIRMING, place);
  try {
    await expect
      .poll(() => [...confirmed(place.record)].sort(), { timeout: scaled(20_000) })
      .toEqual(addresses.map((a) => [a, 1]).sort());
    await expect.poll(() => emailsAccepted(place.record), { timeout: scaled(10_000) }).toBe(3);
    const times = sentTo(place.record)
      .filter((s) => s.answered === "200")
      .map((s) => s.at)
      .sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(45);
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
  }
});
