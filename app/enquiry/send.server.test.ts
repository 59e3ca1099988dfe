import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmailJsTransport } from "./emailjs.server";
import { parseEnv, type EmailJsConfig } from "~/utils/env.server";
import { createOutboxTransport, type OutboxRecord } from "./outbox.server";
import { createPacer } from "./pacer.server";
import type { Enquiry } from "./schema.server";
import { createSender } from "./send.server";
import { emailJsHandlers, recordedSends } from "../../mocks/emailjs";

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

// A pacer that never waits, for tests that are not about pacing.
const noPacing = () => createPacer(0, 0);

let outbox: string;
let logs: string[];
beforeEach(async () => {
  recordedSends.length = 0;
  outbox = await mkdtemp(path.join(tmpdir(), "outbox-"));
  logs = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, "log").mockImplementation((line: string) => void logs.push(line));
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await rm(outbox, { recursive: true, force: true });
});

async function outboxRecords(): Promise<OutboxRecord[]> {
  const files = (await readdir(outbox)).filter((f) => f.endsWith(".json"));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outbox, f), "utf8"))));
}

describe("EmailJS transport", () => {
  it("posts the exact multipart fields to the send-form endpoint", async () => {
    const transport = createEmailJsTransport(CONFIG, { timeoutMs: 2000, pacer: noPacing() });
    const result = await transport.send(enquiry());
    expect(result).toEqual({ ok: true, transport: "emailjs", status: 200 });
    expect(recordedSends).toHaveLength(1);
    expect(recordedSends[0]!.url).toBe("https://api.emailjs.test/api/v1.0/email/send-form");
    expect(recordedSends[0]!.fields).toEqual({
      name: "Ana Horvat",
      email: "ana@example.com",
      number: "+385 91 234 5678",
      category: "VIP Nightclub experience",
      message: "A table for six on Saturday, please.",
      lib_version: "3.2.0",
      service_id: "service_unit",
      template_id: "template_unit",
      user_id: "public_unit",
    });
  });

  it("sends the private key as accessToken when configured", async () => {
    const transport = createEmailJsTransport(
      { ...CONFIG, privateKey: "private_unit" },
      { timeoutMs: 2000, pacer: noPacing() },
    );
    await transport.send(enquiry());
    expect(recordedSends[0]!.fields.accessToken).toBe("private_unit");
  });

  it("counts the text OK as success even without status 200", async () => {
    server.use(http.post("*/api/v1.0/email/send-form", () => new HttpResponse("OK", { status: 202 })));
    const transport = createEmailJsTransport(CONFIG, { timeoutMs: 2000, pacer: noPacing() });
    expect(await transport.send(enquiry())).toMatchObject({ ok: true, status: 202 });
  });

  it("gives up after the timeout", async () => {
    const transport = createEmailJsTransport(CONFIG, { timeoutMs: 300, pacer: noPacing() });
    const started = Date.now();
    const result = await transport.send(enquiry("[mock:timeout]"));
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("sender", () => {
  const senderWith = () => createSender(createEmailJsTransport(CONFIG, { timeoutMs: 500, pacer: noPacing() }), outbox);

  it("relays a valid enquiry and logs one line without personal data", async () => {
    const result = await senderWith()(enquiry(), "req-1");
    expect(result.ok).toBe(true);
    expect(await outboxRecords()).toEqual([]);
    const line = JSON.parse(logs.find((l) => l.includes("enquiry.relayed"))!);
    expect(line).toMatchObject({ level: "info", requestId: "req-1", transport: "emailjs", status: 200 });
  });

  it.each([
    ["[mock:400]", "http_400", 400, "The user_id parameter is required"],
    ["[mock:403]", "http_403", 403, "API calls are disabled for non-browser applications"],
    ["[mock:412]", "http_412", 412, "Gmail_API: Request had insufficient authentication scopes."],
    ["[mock:429]", "http_429", 429, "Too Many Requests"],
    ["[mock:500]", "http_500", 500, "Internal Server Error"],
    ["[mock:network]", "network", undefined, undefined],
    ["[mock:timeout]", "timeout", undefined, undefined],
  ])("%s ends as a failure, logged, with the enquiry kept in the outbox", async (directive, reason, status, text) => {
    const message = `Private plans for the weekend ${directive}`;
    const result = await senderWith()(enquiry(message), "req-2");
    expect(result).toMatchObject({ ok: false, reason });

    const records = await outboxRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "relay_failed", requestId: "req-2", enquiry: enquiry(message) });
    expect(records[0]!.failure?.reason).toBe(reason);

    const failureLines = logs.filter((l) => l.includes("enquiry.relay_failed"));
    expect(failureLines).toHaveLength(1);
    const line = JSON.parse(failureLines[0]!);
    expect(line).toMatchObject({ level: "error", reason });
    if (status) expect(line).toMatchObject({ status, providerText: text });
    // The visitor's message and contact details never reach the log.
    for (const personal of ["Private plans", "ana@example.com", "Ana Horvat", "+385 91 234 5678"]) {
      expect(logs.join("\n")).not.toContain(personal);
    }
  });

  it("the outbox transport stores the enquiry as pending", async () => {
    const result = await createSender(createOutboxTransport(outbox), outbox)(enquiry(), "req-3");
    expect(result).toEqual({ ok: true, transport: "outbox" });
    const records = await outboxRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "pending", requestId: "req-3", enquiry: enquiry() });
    expect(recordedSends).toHaveLength(0);
  });

  it("the outbox transport reports a folder it cannot write", async () => {
    const blocked = path.join(outbox, "file");
    await writeFile(blocked, "");
    const result = await createSender(createOutboxTransport(path.join(blocked, "sub")), outbox)(enquiry());
    expect(result).toMatchObject({ ok: false, reason: "write_failed" });
  });
});

describe("pacing", () => {
  it("spaces concurrent sends one interval apart", async () => {
    const interval = 250;
    const transport = createEmailJsTransport(CONFIG, { timeoutMs: 2000, pacer: createPacer(interval, 5000) });
    const results = await Promise.all([1, 2, 3, 4].map((n) => transport.send(enquiry(`Enquiry ${n}`))));
    expect(results.every((r) => r.ok)).toBe(true);
    const times = recordedSends.map((s) => s.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(interval - 15);
  });

  it("refuses at once when the queue would keep a visitor waiting too long", async () => {
    const transport = createEmailJsTransport(CONFIG, { timeoutMs: 2000, pacer: createPacer(250, 300) });
    const started = Date.now();
    const results = await Promise.all([1, 2, 3].map((n) => transport.send(enquiry(`Enquiry ${n}`))));
    expect(results.map((r) => (r.ok ? "ok" : r.reason))).toEqual(["ok", "ok", "queue_full"]);
    expect(recordedSends).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("by default gives turns one second apart, EmailJS's rate, and refuses past the bound", async () => {
    const defaults = parseEnv({});
    vi.useFakeTimers({ now: 0 });
    const pacer = createPacer(defaults.EMAILJS_MIN_INTERVAL_MS, 2500);
    const turns: number[] = [];
    const takes = [0, 1, 2, 3].map(() => pacer.take().then((ok) => void turns.push(ok ? Date.now() : -1)));
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(takes);
    expect(turns.sort((a, b) => a - b)).toEqual([-1, 0, 1000, 2000]);
  });
});
