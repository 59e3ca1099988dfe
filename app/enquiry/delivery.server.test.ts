import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv, type EmailJsConfig } from "~/utils/env.server";
import { emailJsHandlers, recordedSends } from "../../mocks/emailjs";
import { startDelivery, type Delivery, type DeliveryOptions } from "./delivery.server";
import { createEmailJsSend } from "./emailjs.server";
import { createLease } from "./lease.server";
import { adoptEarlierRecords, createOutbox, type Outbox } from "./outbox.server";
import { judge, retryDelay } from "./retry-policy.server";
import type { Enquiry } from "./schema.server";

// EmailJS is the only thing stood in for (msw, at the network); the outbox is a real folder.
const server = setupServer(...emailJsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CONFIG: EmailJsConfig = {
  apiUrl: "https://api.emailjs.test",
  serviceId: "service_unit",
  templateId: "template_unit",
  publicKey: "public_unit",
};

const enquiry = (message = "A table for six on Saturday, please."): Enquiry => ({
  name: "Ana Horvat",
  email: "ana@example.com",
  number: "+385 91 234 5678",
  category: "VIP Nightclub experience",
  message,
});

let dir: string;
let outbox: Outbox;
let logs: string[];
let delivery: Delivery | undefined;
beforeEach(async () => {
  recordedSends.length = 0;
  dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
  outbox = createOutbox(dir);
  logs = [];
  // log() writes JSON lines to stdout (info) and stderr (the rest).
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      logs.push(String(chunk).trimEnd());
      return true;
    });
  }
});
afterEach(async () => {
  await delivery?.stop();
  delivery = undefined;
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** A worker's options for these tests: quick retries and polls, no pacing unless asked. */
const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
  outbox,
  send: createEmailJsSend(CONFIG, { timeoutMs: 300 }),
  intervalMs: 0,
  backoff: { baseMs: 50, maxMs: 200 },
  giveUpAfterMs: 60_000,
  retentionMs: 60_000,
  pollMs: 20,
  ...overrides,
});

function start(overrides: Partial<DeliveryOptions> = {}) {
  delivery = startDelivery(options(overrides));
  return delivery;
}

// A move renames first, then writes the record's new contents: count a record as moved once
// its contents say so.
const states = async () => ({
  pending: (await outbox.list("pending")).length,
  failed: (await outbox.list("failed")).filter((r) => r.failure).length,
  delivered: (await outbox.list("delivered")).filter((r) => r.deliveredAt).length,
});

describe("EmailJS call", () => {
  it("posts the exact multipart fields to the send-form endpoint", async () => {
    const result = await createEmailJsSend(CONFIG, { timeoutMs: 2000 })(enquiry());
    expect(result).toEqual({ ok: true, status: 200 });
    expect(recordedSends).toHaveLength(1);
    expect(recordedSends[0]!.url).toBe("https://api.emailjs.test/api/v1.0/email/send-form");
    expect(recordedSends[0]!.fields).toEqual({
      name: "Ana Horvat",
      email: "ana@example.com",
      number: "+385 91 234 5678",
      category: "VIP Nightclub experience",
      message: "A table for six on Saturday, please.",
      // A record stored before enquiries carried their language is English.
      language: "en",
      lib_version: "3.2.0",
      service_id: "service_unit",
      template_id: "template_unit",
      user_id: "public_unit",
    });
  });

  it("passes on the language the enquiry was written in", async () => {
    await createEmailJsSend(CONFIG, { timeoutMs: 2000 })({ ...enquiry(), language: "hr" });
    expect(recordedSends[0]!.fields.language).toBe("hr");
    // What the visitor chose stays the English category: the operator's language.
    expect(recordedSends[0]!.fields.category).toBe("VIP Nightclub experience");
  });

  it("sends the private key as accessToken when configured", async () => {
    await createEmailJsSend({ ...CONFIG, privateKey: "private_unit" }, { timeoutMs: 2000 })(enquiry());
    expect(recordedSends[0]!.fields.accessToken).toBe("private_unit");
  });

  it("counts the text OK as success even without status 200", async () => {
    server.use(http.post("*/api/v1.0/email/send-form", () => new HttpResponse("OK", { status: 202 })));
    expect(await createEmailJsSend(CONFIG, { timeoutMs: 2000 })(enquiry())).toEqual({ ok: true, status: 202 });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const result = await createEmailJsSend(CONFIG, { timeoutMs: 300 })(enquiry("[mock:timeout]"));
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("retry policy", () => {
  it.each([
    [{ ok: false, reason: "timeout" }, "retry"],
    [{ ok: false, reason: "network" }, "retry"],
    [{ ok: false, reason: "http_429", status: 429, detail: "Too Many Requests" }, "retry"],
    [{ ok: false, reason: "http_500", status: 500, detail: "Internal Server Error" }, "retry"],
    [{ ok: false, reason: "http_426", status: 426, detail: "The monthly quota is used up" }, "retry"],
    [{ ok: false, reason: "http_400", status: 400, detail: "Something nobody has seen before" }, "retry"],
    [
      { ok: false, reason: "http_403", status: 403, detail: "API calls are disabled for non-browser applications" },
      "give-up",
    ],
    [{ ok: false, reason: "http_400", status: 400, detail: "The user_id parameter is required" }, "give-up"],
    [{ ok: false, reason: "http_400", status: 400, detail: "The service ID is invalid" }, "give-up"],
    [
      {
        ok: false,
        reason: "http_412",
        status: 412,
        detail: "Gmail_API: Request had insufficient authentication scopes.",
      },
      "give-up",
    ],
    [{ ok: true, status: 200 }, "delivered"],
  ] as const)("%j → %s", (result, kind) => {
    expect(judge(result).kind).toBe(kind);
  });

  it("names the fix for a permanent problem", () => {
    const verdict = judge({
      ok: false,
      reason: "http_403",
      status: 403,
      detail: "API calls are disabled for non-browser applications",
    });
    expect(verdict).toMatchObject({ kind: "give-up", fix: expect.stringMatching(/non-browser applications/) });
  });

  it("backs off exponentially, capped, with jitter between half and all of the step", () => {
    const backoff = { baseMs: 5_000, maxMs: 3_600_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, backoff, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(1, backoff, () => 0)).toBe(2_500);
    expect(retryDelay(30, backoff, () => 1)).toBe(3_600_000);
  });
});

describe("outbox", () => {
  it("stores each enquiry durably as one file, mode 0600, in pending/", async () => {
    const record = await outbox.store(enquiry(), "req-1");
    const files = await readdir(path.join(dir, "pending"));
    expect(files).toEqual([expect.stringContaining(record.id)]);
    const { mode } = await import("node:fs/promises").then((fs) => fs.stat(path.join(dir, "pending", files[0]!)));
    expect(mode & 0o777).toBe(0o600);
    expect(await outbox.find(record.id.slice(0, 8))).toEqual([
      expect.objectContaining({ id: record.id, state: "pending", requestId: "req-1" }),
    ]);
    expect(await readdir(path.join(dir, "tmp"))).toEqual([]);
  });

  it("refuses to store where it cannot write, without throwing past its caller's catch", async () => {
    const blocked = path.join(dir, "a-file");
    await writeFile(blocked, "");
    await expect(createOutbox(path.join(blocked, "outbox")).store(enquiry())).rejects.toThrow();
  });

  it("a move cut short by a crash leaves a copy in pending/ that is never sent again", async () => {
    const record = await outbox.store(enquiry("Delivered just before the crash"));
    const [stored] = await outbox.list("pending");
    // As if the process died between writing delivered/ and removing pending/.
    await writeFile(
      path.join(dir, "delivered", stored!.file),
      JSON.stringify({ ...record, deliveredAt: new Date().toISOString() }),
    );
    start();
    await vi.waitFor(async () => expect(await states()).toEqual({ pending: 0, failed: 0, delivered: 1 }), {
      timeout: 2000,
    });
    expect(recordedSends).toHaveLength(0);
  });

  it("adopts enquiries kept by the earlier relay as OUTBOX_DIR/*.json", async () => {
    await writeFile(
      path.join(dir, "2026-01-01T00-00-00-000Z-old.json"),
      JSON.stringify({
        id: "0f0f0f0f-0000-4000-8000-000000000000",
        receivedAt: "2026-01-01T00:00:00.000Z",
        status: "relay_failed",
        enquiry: enquiry("old"),
      }),
    );
    expect(await adoptEarlierRecords(outbox)).toBe(1);
    expect((await outbox.list("pending")).map((r) => r.enquiry.message)).toEqual(["old"]);
  });
});

describe("delivery worker", () => {
  it("delivers a stored enquiry within moments and logs it without personal data", async () => {
    start();
    const record = await outbox.store(enquiry("Private plans for the weekend"), "req-2");
    await vi.waitFor(async () => expect(await states()).toEqual({ pending: 0, failed: 0, delivered: 1 }), {
      timeout: 2000,
    });
    const [delivered] = await outbox.list("delivered");
    expect(delivered).toMatchObject({
      id: record.id,
      attempts: [expect.objectContaining({ outcome: "delivered", status: 200 })],
    });
    expect(recordedSends).toHaveLength(1);
    expect(JSON.parse(logs.find((l) => l.includes("enquiry.delivered"))!)).toMatchObject({
      level: "info",
      id: record.id,
      requestId: "req-2",
    });
    for (const personal of ["Private plans", "ana@example.com", "Ana Horvat", "+385 91 234 5678"])
      expect(logs.join("\n")).not.toContain(personal);
  });

  it("keeps enquiries that arrive in the same millisecond in their order", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-23T10:00:00.000Z"));
    await Promise.all(Array.from({ length: 12 }, (_, n) => outbox.store(enquiry(`Same instant ${n}`))));
    vi.mocked(Date.now).mockRestore();
    const listed = (await outbox.list("pending")).map((r) => r.enquiry.message);
    expect(listed).toEqual(Array.from({ length: 12 }, (_, n) => `Same instant ${n}`));
  });

  it("sends oldest first, one at a time, never faster than the interval", async () => {
    for (const n of [1, 2, 3, 4]) await outbox.store(enquiry(`Enquiry ${n}`));
    start({ intervalMs: 200 });
    await vi.waitFor(async () => expect((await states()).delivered).toBe(4), { timeout: 3000 });
    expect(recordedSends.map((s) => s.fields.message)).toEqual(["Enquiry 1", "Enquiry 2", "Enquiry 3", "Enquiry 4"]);
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(195);
  });

  it("by default keeps to EmailJS's one request a second", async () => {
    expect(parseEnv({}).EMAILJS_MIN_INTERVAL_MS).toBe(1000);
  });

  it.each(["[mock:500]", "[mock:429]", "[mock:network]", "[mock:timeout]"])(
    "retries %s with backoff until it goes through",
    async (directive) => {
      let calls = 0;
      // Fails twice, then EmailJS is healthy again.
      server.use(
        http.post("*/api/v1.0/email/send-form", async ({ request }) => {
          calls++;
          if (calls > 2) return new HttpResponse("OK", { status: 200 });
          const message = String((await request.clone().formData()).get("message"));
          return message.includes("[mock:429]") ? new HttpResponse("Too Many Requests", { status: 429 }) : undefined;
        }),
      );
      start();
      await outbox.store(enquiry(`Try again ${directive}`));
      await vi.waitFor(async () => expect((await states()).delivered).toBe(1), { timeout: 5000 });
      const [record] = await outbox.list("delivered");
      // Each failure as asked for (the stand-in, not a crashed handler, answered).
      const failure = {
        "[mock:500]": "http_500",
        "[mock:429]": "http_429",
        "[mock:network]": "network",
        "[mock:timeout]": "timeout",
      }[directive];
      expect(record!.attempts.map((a) => a.outcome)).toEqual([failure, failure, "delivered"]);
      expect(logs.filter((l) => String(l).includes("enquiry.retry_scheduled"))).toHaveLength(2);
    },
  );

  it("marks a permanent failure failed at once, with EmailJS's answer and one error line naming the fix", async () => {
    start();
    const record = await outbox.store(enquiry("Sent to a locked account [mock:403]"));
    await vi.waitFor(async () => expect(await states()).toEqual({ pending: 0, failed: 1, delivered: 0 }), {
      timeout: 2000,
    });
    const [failed] = await outbox.list("failed");
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
    const errors = logs.filter((l) => JSON.parse(l).level === "error");
    expect(errors).toHaveLength(1);
    expect(JSON.parse(errors[0]!)).toMatchObject({
      event: "enquiry.delivery_failed",
      fix: expect.stringMatching(/non-browser/),
    });
  });

  it("gives up on a transient failure after the bound", async () => {
    start({ giveUpAfterMs: 1_000 });
    await outbox.store(enquiry("Always down [mock:500]"));
    await vi.waitFor(async () => expect((await states()).failed).toBe(1), { timeout: 5000 });
    const [failed] = await outbox.list("failed");
    expect(failed!.attempts.length).toBeGreaterThan(1);
    expect(failed!.failure?.fix).toMatch(/retry --failed/);
  });

  it("finishes the send in flight when stopped, and leaves the rest pending", async () => {
    for (const n of [1, 2, 3]) await outbox.store(enquiry(`Slow ${n} [mock:slow]`));
    const worker = start({ send: createEmailJsSend(CONFIG, { timeoutMs: 2000 }) });
    await vi.waitFor(() => expect(recordedSends).toHaveLength(1), { timeout: 2000 });
    await worker.stop();
    delivery = undefined;
    expect(await states()).toEqual({ pending: 2, failed: 0, delivered: 1 });
  });

  it("says once, not every poll, that the outbox cannot be used, and keeps going", async () => {
    const blocked = path.join(dir, "a-file");
    await writeFile(blocked, "");
    start({ outbox: createOutbox(path.join(blocked, "outbox")), pollMs: 10 });
    await new Promise((r) => setTimeout(r, 300));
    const lines = logs.filter((l) => l.includes("outbox.unavailable"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", error: expect.stringMatching(/ENOTDIR|EEXIST/) });
  });

  it("deletes delivered enquiries after the retention period", async () => {
    start({ retentionMs: 0 });
    await outbox.store(enquiry());
    await vi.waitFor(async () => expect((await states()).delivered).toBe(1), { timeout: 2000 });
    expect(await outbox.purgeDelivered(0)).toBe(1);
    expect(await states()).toEqual({ pending: 0, failed: 0, delivered: 0 });
  });
});

describe("lease", () => {
  it("lets one process deliver from a folder; another takes over when it is released", async () => {
    const a = createLease(dir, { identity: { host: "replica-a", pid: 1 } });
    const b = createLease(dir, { identity: { host: "replica-b", pid: 1 } });
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    await a.release();
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
  });

  it("after a restart on the same host, the new process takes over from its earlier life", async () => {
    let clock = 1_000_000;
    const earlier = createLease(dir, { leaseMs: 1000, now: () => clock, identity: { host: "container", pid: 1 } });
    expect(await earlier.hold()).toBe(true);
    // kill -9: the lease stays behind, unrenewed; the restarted process is PID 1 again.
    const restarted = createLease(dir, { leaseMs: 1000, now: () => clock, identity: { host: "container", pid: 1 } });
    expect(await restarted.hold()).toBe(false);
    clock += 600;
    expect(await restarted.hold()).toBe(true);
  });

  it("is taken over once its holder stops renewing it", async () => {
    let clock = 1_000_000;
    const a = createLease(dir, { leaseMs: 1000, now: () => clock, identity: { host: "replica-a", pid: 1 } });
    const b = createLease(dir, { leaseMs: 1000, now: () => clock, identity: { host: "replica-b", pid: 1 } });
    expect(await a.hold()).toBe(true);
    clock += 500;
    expect(await b.hold()).toBe(false);
    clock += 1000;
    expect(await b.hold()).toBe(true);
    // The old holder finds out and stops.
    expect(await a.hold()).toBe(false);
  });

  it("two workers on one folder never send the same enquiry, and keep the pace together", async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) await outbox.store(enquiry(`Shared ${n}`));
    const other = startDelivery(
      options({
        outbox: createOutbox(dir),
        intervalMs: 100,
        lease: createLease(dir, { identity: { host: "replica-b", pid: 1 } }),
      }),
    );
    start({ intervalMs: 100, lease: createLease(dir, { identity: { host: "replica-a", pid: 1 } }) });
    await vi.waitFor(async () => expect((await states()).delivered).toBe(6), { timeout: 4000 });
    await other.stop();
    expect(recordedSends.map((s) => s.fields.message).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Shared ${n}`));
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(95);
  });
});
