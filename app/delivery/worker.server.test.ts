import { writeFile } from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/utils/env.server";
import { recordedSends } from "../../mocks/emailjs";
import { CONFIG, deliveryTestbed, enquiry, sqliteStore } from "../../tests/support/delivery-testbed";
import { createEmailJsSend } from "./emailjs.server";
import { createRetention } from "~/process/retention.server";

const bed = deliveryTestbed();
const listed = async (state: "pending" | "failed" | "delivered") => (await bed.store.scan(state)).deliveries;

describe("delivery worker", () => {
  it("delivers a stored enquiry within moments and logs it without personal data", async () => {
    bed.start();
    const record = await bed.store.store(enquiry("Private plans for the weekend"), "req-2");
    await vi.waitFor(async () => expect(await bed.states()).toEqual({ pending: 0, failed: 0, delivered: 1 }), {
      timeout: 2000,
    });
    const [delivered] = await listed("delivered");
    expect(delivered).toMatchObject({
      id: record.id,
      attempts: [expect.objectContaining({ outcome: "delivered", status: 200 })],
    });
    expect(recordedSends).toHaveLength(1);
    expect(JSON.parse(bed.logs.find((l) => l.includes("enquiry.delivered"))!)).toMatchObject({
      level: "info",
      id: record.id,
      requestId: "req-2",
    });
    for (const personal of ["Private plans", "ana@example.com", "Ana Horvat", "+385 91 234 5678"])
      expect(bed.logs.join("\n")).not.toContain(personal);
  });

  it("looks at once for what this process stored, not at the next poll; others' work at the poll", async () => {
    bed.start({ pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50)); // the loop's first look is done: it rests for a minute
    const started = Date.now();
    await bed.store.store(enquiry("Stored here while the loop rests"));
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(1), { timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Another process's store (its own connection) wakes nothing here: the poll finds it.
    await new Promise((r) => setTimeout(r, 300)); // the looks its own delivery's writes asked for are done
    const other = bed.open();
    await other.store(enquiry("Stored by another process"));
    await new Promise((r) => setTimeout(r, 300));
    expect(await bed.states()).toEqual({ pending: 1, failed: 0, delivered: 1 });
  });

  it("keeps the pace however many writes arrive while it waits its turn", async () => {
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(`Paced despite writes ${n}`));
    bed.start({ intervalMs: 300, pollMs: 60_000 });
    const writes = setInterval(() => void bed.store.store(enquiry("A write during the wait")), 20);
    try {
      await vi.waitFor(async () => expect(recordedSends.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    } finally {
      clearInterval(writes);
    }
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(295);
  });

  it("keeps enquiries that arrive in the same millisecond in their order", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-23T10:00:00.000Z"));
    await Promise.all(Array.from({ length: 12 }, (_, n) => bed.store.store(enquiry(`Same instant ${n}`))));
    vi.mocked(Date.now).mockRestore();
    const messages = (await listed("pending")).map((r) => r.enquiry.message);
    expect(messages).toEqual(Array.from({ length: 12 }, (_, n) => `Same instant ${n}`));
  });

  it("sends oldest first, one at a time, never faster than the interval", async () => {
    for (const n of [1, 2, 3, 4]) await bed.store.store(enquiry(`Enquiry ${n}`));
    bed.start({ intervalMs: 200 });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(4), { timeout: 3000 });
    expect(recordedSends.map((s) => s.fields.message)).toEqual(["Enquiry 1", "Enquiry 2", "Enquiry 3", "Enquiry 4"]);
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(195);
  });

  it("by default keeps to EmailJS's one request a second", async () => {
    const intervalMs = parseEnv({}).EMAILJS_MIN_INTERVAL_MS;
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(`At the default pace ${n}`));
    bed.start({ intervalMs });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(3), { timeout: 5000 });
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(995);
  });

  it.each(["[mock:500]", "[mock:429]", "[mock:network]", "[mock:timeout]"])(
    "retries %s with backoff until it goes through",
    async (directive) => {
      let calls = 0;
      bed.server.use(
        http.post("*/api/v1.0/email/send-form", async ({ request }) => {
          calls++;
          if (calls > 2) return new HttpResponse("OK", { status: 200 });
          const message = String((await request.clone().formData()).get("message"));
          return message.includes("[mock:429]") ? new HttpResponse("Too Many Requests", { status: 429 }) : undefined;
        }),
      );
      bed.start();
      await bed.store.store(enquiry(`Try again ${directive}`));
      await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(1), { timeout: 5000 });
      const [record] = await listed("delivered");
      const failure = {
        "[mock:500]": "http_500",
        "[mock:429]": "http_429",
        "[mock:network]": "network",
        "[mock:timeout]": "timeout",
      }[directive];
      expect(record!.attempts.map((a) => a.outcome)).toEqual([failure, failure, "delivered"]);
      expect(bed.events("channel.failing")).toHaveLength(1);
      expect(bed.events("channel.probe_failed")).toHaveLength(1);
      expect(bed.events("channel.recovered")).toHaveLength(1);
      expect(await bed.store.channelHealth("email").read()).toEqual({ channel: "email", failures: 0 });
    },
  );

  it("marks a permanent failure failed at once, with EmailJS's answer and one error line naming the fix", async () => {
    bed.start();
    const record = await bed.store.store(enquiry("Sent to a locked account [mock:403]"));
    await vi.waitFor(async () => expect(await bed.states()).toEqual({ pending: 0, failed: 1, delivered: 0 }), {
      timeout: 2000,
    });
    const [failed] = await listed("failed");
    expect(failed).toMatchObject({
      id: record.id,
      failure: {
        reason: "http_403",
        status: 403,
        detail: "API calls are disabled for non-browser applications",
        fix: expect.stringMatching(/Account → Security/),
      },
    });
    expect(recordedSends).toHaveLength(1);
    const errors = bed.logs.filter((l) => JSON.parse(l).level === "error");
    expect(errors).toHaveLength(1);
    expect(JSON.parse(errors[0]!)).toMatchObject({
      event: "enquiry.delivery_failed",
      fix: expect.stringMatching(/non-browser/),
    });
  });

  it("gives up on a transient failure after the bound", async () => {
    bed.start({ giveUpAfterMs: 1_000 });
    await bed.store.store(enquiry("Always down [mock:500]"));
    await vi.waitFor(async () => expect((await bed.states()).failed).toBe(1), { timeout: 5000 });
    const [failed] = await listed("failed");
    expect(failed!.attempts.length).toBeGreaterThan(1);
    expect(failed!.failure?.fix).toMatch(/retry --failed/);
  });

  it("finishes the send in flight when stopped, and leaves the rest pending", async () => {
    for (const n of [1, 2, 3]) await bed.store.store(enquiry(`Slow ${n} [mock:slow]`));
    const worker = bed.start({ send: createEmailJsSend(CONFIG, { timeoutMs: 2000 }) });
    await vi.waitFor(() => expect(recordedSends).toHaveLength(1), { timeout: 2000 });
    await worker.stop();
    bed.delivery = undefined;
    expect(await bed.states()).toEqual({ pending: 2, failed: 0, delivered: 1 });
  });

  it("says once, not every poll, that the database cannot be used, and keeps going", async () => {
    const blocked = path.join(bed.dir, "a-file");
    await writeFile(blocked, "");
    const store = sqliteStore(path.join(blocked, "site.db"));
    bed.start({ store, pollMs: 10 });
    await new Promise((r) => setTimeout(r, 300));
    const lines = bed.events("store.unavailable");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", code: expect.stringMatching(/ENOTDIR|EEXIST/) });
  });

  it("leaves retention to the process's chores: a delivered enquiry is erased by them after its period, never one still pending", async () => {
    // A failure of this enquiry's own (a 4xx about it): it alone waits, the channel goes on.
    await bed.store.store(enquiry("Waiting for its own retry [mock:409]"));
    bed.start({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    const delivered = await bed.store.store(enquiry("Delivered, then kept 300 ms"));
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(1), { timeout: 2000 });
    const eraseExpired = createRetention({ store: bed.store, retentionMs: 300 });
    expect(await eraseExpired()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect((await listed("delivered")).map((r) => r.id)).toEqual([delivered.id]);
    expect(await eraseExpired()).toBe(1);
    expect((await bed.states()).delivered).toBe(0);
    expect(bed.events("store.purged")).toEqual([expect.objectContaining({ erased: 1 })]);
    expect((await bed.states()).pending).toBe(1);
  });
});
