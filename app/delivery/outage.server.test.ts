import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { channelProbes } from "~/utils/metrics.server";
import { recordedSends } from "../../mocks/emailjs";
import { deliveryTestbed, enquiry } from "../../tests/support/delivery-testbed";
import { mostProbesWithin } from "./retry-policy.server";

// Decision 0026: EmailJS's stand-in switched into an outage by its file, and back.
const bed = deliveryTestbed();
let outage = "";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lead = (n: number) => `Lead ${String(n).padStart(2, "0")}`;
const messages = (sends = recordedSends) => sends.map((s) => s.fields.message);
const probes = async (result: string) =>
  (await channelProbes.get()).values.find((v) => v.labels.channel === "email" && v.labels.result === result)?.value ??
  0;

beforeEach(() => {
  outage = path.join(bed.dir, "outage");
  vi.stubEnv("MOCKS_OUTAGE_FILE", outage);
});
afterEach(() => vi.unstubAllEnvs());

describe("an outage belongs to the provider", { timeout: 15_000 }, () => {
  it("the oldest probes alone on the channel's backoff, the others wait without calls; when it is back, oldest first at the pace", async () => {
    writeFileSync(outage, "503");
    for (let n = 1; n <= 20; n++) await bed.store.store(enquiry(lead(n)));
    const failedBefore = await probes("failed");
    const backoff = { baseMs: 100, maxMs: 200 };
    const started = Date.now();
    bed.start({ backoff, intervalMs: 30 });
    for (let n = 21; n <= 25; n++) {
      await sleep(150);
      await bed.store.store(enquiry(lead(n)));
    }
    await sleep(300);
    const during = [...recordedSends];
    const outageMs = Date.now() - started;

    // Calls bounded by the backoff's steps, not by the 25 waiting; each one the oldest's.
    expect(during.every((s) => s.answered === "503")).toBe(true);
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during.length).toBeLessThanOrEqual(mostProbesWithin(outageMs, backoff));
    expect(new Set(messages(during))).toEqual(new Set([lead(1)]));
    // No delivery's own due time was pushed; only the oldest has tries.
    const pending = (await bed.store.scan("pending")).deliveries;
    expect(pending.map((r) => r.enquiry.message)).toEqual(Array.from({ length: 25 }, (_, i) => lead(i + 1)));
    expect(pending.filter((r) => r.nextAttemptAt !== undefined)).toEqual([]);
    expect(pending.filter((r) => r.attempts.length > 0).map((r) => r.enquiry.message)).toEqual([lead(1)]);
    const state = await bed.open().channelHealth("email").read();
    expect(state).toMatchObject({ failures: expect.any(Number), lastFailure: { reason: "http_503", status: 503 } });
    expect(state.failures).toBeGreaterThanOrEqual(during.length - 1); // one more may be in flight
    expect(Date.parse(state.failingSince!)).toBeLessThanOrEqual(during[0]!.at + 500);
    expect(Date.parse(state.nextProbeAt!)).toBeGreaterThan(Date.parse(state.failingSince!));

    rmSync(outage); // EmailJS is back
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(25), { timeout: 8_000 });
    const delivered = recordedSends.filter((s) => s.answered === "200");
    expect(messages(delivered)).toEqual(Array.from({ length: 25 }, (_, i) => lead(i + 1)));
    for (let i = 1; i < delivered.length; i++)
      expect(delivered[i]!.at - delivered[i - 1]!.at).toBeGreaterThanOrEqual(28);
    expect(await bed.store.channelHealth("email").read()).toEqual({ channel: "email", failures: 0 });
    expect(bed.events("channel.failing")).toHaveLength(1);
    expect(bed.events("channel.recovered")).toEqual([expect.objectContaining({ channel: "email" })]);
    expect(bed.events("enquiry.retry_scheduled")).toEqual([]);
    // The calls made while it failed are counted as probes (the first failure is not one).
    expect((await probes("failed")) - failedBefore).toBe(recordedSends.filter((s) => s.answered === "503").length - 1);
  });

  it("waits as long as the provider's Retry-After asks, as a channel", async () => {
    let calls = 0;
    bed.server.use(
      http.post("*/api/v1.0/email/send-form", () =>
        ++calls === 1 ? new HttpResponse("Maintenance", { status: 503, headers: { "Retry-After": "1" } }) : undefined,
      ),
    );
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(lead(n)));
    const started = Date.now();
    bed.start({ backoff: { baseMs: 50, maxMs: 100 } });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(3), { timeout: 4_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(messages()).toEqual([lead(1), lead(2), lead(3)]); // the 503 was answered before the stand-in's record
    expect(bed.events("channel.failing")).toEqual([expect.objectContaining({ nextProbeInSeconds: 1 })]);
  });

  it("a failure that is the enquiry's own (a 4xx about it) keeps its own backoff; the channel goes on", async () => {
    await bed.store.store(enquiry("Its own problem [mock:409]"));
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(lead(n)));
    bed.start({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(3), { timeout: 3_000 });
    const [own] = (await bed.store.scan("pending")).deliveries;
    expect(own).toMatchObject({ enquiry: { message: "Its own problem [mock:409]" } });
    expect(Date.parse(own!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 20_000);
    expect(await bed.store.channelHealth("email").read()).toEqual({ channel: "email", failures: 0 });
    expect(bed.events("enquiry.retry_scheduled")).toEqual([expect.objectContaining({ reason: "http_409" })]);
    expect(bed.events("channel.failing")).toEqual([]);
  });

  it("one message the provider trips over (a 500 for it alone) never holds the channel up", async () => {
    await bed.store.store(enquiry("Trips the provider [mock:500]"));
    for (const n of [1, 2, 3, 4]) await bed.store.store(enquiry(lead(n)));
    bed.start({ backoff: { baseMs: 100, maxMs: 200 } });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(4), { timeout: 4_000 });
    const delivered = recordedSends.filter((s) => s.answered === "200");
    expect(messages(delivered)).toEqual([lead(1), lead(2), lead(3), lead(4)]);
    // It waits on its own backoff, never delivered, never lost.
    const [tripping] = (await bed.store.scan("pending")).deliveries;
    expect(tripping?.enquiry.message).toBe("Trips the provider [mock:500]");
    expect(bed.events("enquiry.retry_scheduled").length).toBeGreaterThan(0);
  });

  it("the channel's state holds across a restart: the next process continues the backoff", async () => {
    writeFileSync(outage, "503");
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(lead(n)));
    const first = bed.start({ backoff: { baseMs: 300, maxMs: 300 } });
    await vi.waitFor(() => expect(recordedSends.length).toBeGreaterThanOrEqual(3), { timeout: 4_000 });
    await first.stop();
    const before = await bed.store.channelHealth("email").read();
    const next = bed.open();
    bed.delivery = undefined;
    const sentBefore = recordedSends.length;
    bed.start({ store: next, backoff: { baseMs: 300, maxMs: 300 } });
    await vi.waitFor(() => expect(recordedSends.length).toBe(sentBefore + 1), { timeout: 2_000 });
    // Not before the probe its predecessor planned, and counted on from its failures.
    expect(recordedSends.at(-1)!.at).toBeGreaterThanOrEqual(Date.parse(before.nextProbeAt!) - 5);
    await vi.waitFor(async () =>
      expect(await next.channelHealth("email").read()).toMatchObject({
        failingSince: before.failingSince,
        failures: before.failures + 1,
      }),
    );
    expect(messages().every((m) => m === lead(1))).toBe(true);
  });

  it("after a restart and an operator's probe, every lead that waited goes in arrival order after the probe, those tried before the channel was known to fail included", async () => {
    writeFileSync(outage, "503");
    const stored = [];
    for (let n = 1; n <= 8; n++) stored.push(await bed.store.store(enquiry(lead(n))));
    // Tried before the channel was known to fail: on timers of their own, ten minutes away.
    const later = new Date(Date.now() + 600_000).toISOString();
    for (const i of [0, 1, 3, 4])
      await bed.store.update({
        ...stored[i]!,
        attempts: [{ at: new Date().toISOString(), outcome: "http_500", status: 500 }],
        nextAttemptAt: later,
      });
    const first = bed.start({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(() => expect(recordedSends).toHaveLength(1));
    // Up as far as it knew: the oldest due, whose failure shows the channel failing.
    expect(messages()).toEqual([lead(3)]);
    await first.stop();
    const next = bed.open();
    bed.delivery = undefined;
    bed.start({ store: next, backoff: { baseMs: 60_000, maxMs: 60_000 }, intervalMs: 20 });
    rmSync(outage);
    await sleep(200);
    expect(recordedSends).toHaveLength(1);
    expect(await next.probeNow("email")).toBe(true);
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(8), { timeout: 4_000 });
    const delivered = recordedSends.filter((s) => s.answered === "200");
    // Those on timers of their own wait them out: a message the provider trips over never holds the probes.
    expect(messages(delivered)).toEqual([lead(3), lead(1), lead(2), ...[4, 5, 6, 7, 8].map(lead)]);
    expect(bed.events("channel.recovered")).toHaveLength(1);
  });

  it("a message the provider trips over (on a timer of its own) is never a failing channel's probe while another is due", async () => {
    writeFileSync(outage, "503");
    const stored = [];
    for (let n = 1; n <= 6; n++) stored.push(await bed.store.store(enquiry(lead(n))));
    // Leads 1–4 each failed on their own (the provider took others since): timers a minute away.
    const later = new Date(Date.now() + 60_000).toISOString();
    for (const i of [0, 1, 2, 3])
      await bed.store.update({
        ...stored[i]!,
        attempts: [{ at: new Date().toISOString(), outcome: "http_500", status: 500 }],
        nextAttemptAt: later,
      });
    bed.start({ backoff: { baseMs: 50, maxMs: 100 } });
    await vi.waitFor(() => expect(recordedSends.length).toBeGreaterThanOrEqual(3));
    // Every probe went to a lead that was due: none of the four on their own timers.
    expect(messages().every((m) => m === lead(5) || m === lead(6))).toBe(true);
    rmSync(outage);
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(6), { timeout: 4_000 });
  });

  it("a failing channel's probes follow their own cap, not an enquiry's retries", async () => {
    writeFileSync(outage, "503");
    await bed.store.store(enquiry(lead(1)));
    const started = Date.now();
    bed.start({ backoff: { baseMs: 100, maxMs: 60_000 }, probeBackoff: { baseMs: 100, maxMs: 200 } });
    await sleep(1_500);
    const outageMs = Date.now() - started;
    // An enquiry's cap would have allowed about five calls in 1.5 s; the probes' cap of 0.2 s keeps them coming.
    expect(recordedSends.length).toBeGreaterThanOrEqual(mostProbesWithin(outageMs, { baseMs: 100, maxMs: 60_000 }) + 1);
    expect(recordedSends.length).toBeLessThanOrEqual(mostProbesWithin(outageMs, { baseMs: 100, maxMs: 200 }));
    rmSync(outage);
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(1), { timeout: 1_000 });
  });

  it("an operator's probe now: the next probe is due at once, and the backlog flows", async () => {
    writeFileSync(outage, "503");
    for (const n of [1, 2]) await bed.store.store(enquiry(lead(n)));
    bed.start({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    await vi.waitFor(() => expect(recordedSends).toHaveLength(1));
    rmSync(outage);
    await sleep(200);
    expect(recordedSends).toHaveLength(1); // its next probe is half a minute away or more
    expect(await bed.open().probeNow("email")).toBe(true);
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(2), { timeout: 2_000 });
    expect(await bed.open().probeNow("email")).toBe(false); // up: nothing to probe
  });

  it("gives up after the bound counted from when the channel started failing for each delivery, never from its arrival", async () => {
    writeFileSync(outage, "503");
    vi.spyOn(Date, "now").mockReturnValue(Date.now() - 10 * 3_600_000);
    await bed.store.store(enquiry("Waiting since this morning"));
    vi.mocked(Date.now).mockRestore();
    await bed.store.store(enquiry("Arrived as it began"));
    bed.start({ backoff: { baseMs: 100, maxMs: 200 }, giveUpAfterMs: 2_000 });
    await sleep(1_000);
    expect(await bed.states()).toMatchObject({ pending: 2, failed: 0 });
    await bed.store.store(enquiry("Arrived half-way"));
    // The first two have waited for the provider for the bound; the third has not.
    await vi.waitFor(async () => expect(await bed.states()).toMatchObject({ failed: 2, pending: 1 }), {
      timeout: 4_000,
    });
    const failed = (await bed.store.scan("failed")).deliveries;
    expect(failed.map((r) => r.enquiry.message).sort()).toEqual(["Arrived as it began", "Waiting since this morning"]);
    for (const record of failed)
      expect(record.failure).toMatchObject({ reason: "http_503", fix: expect.stringMatching(/retry --failed/) });
    expect(bed.events("enquiry.delivery_failed").map((e) => e.id)).toEqual(
      expect.arrayContaining(failed.map((r) => r.id)),
    );
    // Back before the third reached the bound: it is delivered; the failed wait for an operator.
    rmSync(outage);
    await vi.waitFor(async () => expect(await bed.states()).toEqual({ pending: 0, failed: 2, delivered: 1 }), {
      timeout: 3_000,
    });
  });
});
