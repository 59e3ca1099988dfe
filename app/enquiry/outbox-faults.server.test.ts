// The outbox against faults of its own volume: read-only or full in the middle of a send
// (a real tmpfs, remounted), entries that are not records (corrupt, partial, foreign, linked,
// FIFOs, folders, hard links), crashes at each step of a move, a lease that cannot be renewed.
// EmailJS is stood in for by msw; everything else is real.
import { execFileSync } from "node:child_process";
import { link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailJsHandlers, recordedSends } from "../../mocks/emailjs";
import { startDelivery, type Delivery, type DeliveryOptions } from "./delivery.server";
import { createEmailJsSend } from "./emailjs.server";
import { createLease } from "./lease.server";
import { CONFIG, quickWorker } from "./enquiry-testbed";
import { fileStore } from "./file-store.server";
import { createOutbox, type Outbox } from "./outbox.server";
import { recordFileName } from "./outbox-record.server";

const server = setupServer(...emailJsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SECRET = "PRIVATE-CONTENTS-ana@example.com";
const enquiry = (message: string) => ({
  name: "Ana Horvat",
  email: "ana@example.com",
  number: "+385 91 234 5678",
  category: "Concierge services",
  message,
});

// Mounting a tmpfs (and remounting it read-only) needs root, as CI and the container checks
// have; elsewhere these cases are skipped, and say why.
const canMount = process.getuid?.() === 0 && mountWorks();
function mountWorks() {
  try {
    const probe = execFileSync("mktemp", ["-d"]).toString().trim();
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe]);
    execFileSync("rmdir", [probe]);
    return true;
  } catch {
    return false;
  }
}
if (!canMount) console.warn("outbox faults: not root or no mount here: read-only and full volume cases skipped");
const remount = (dir: string, mode: "ro" | "rw") => execFileSync("mount", ["-o", `remount,${mode}`, dir]);

let base: string;
let dir: string;
let mounted = false;
let outbox: Outbox;
let logs: string[];
let delivery: Delivery | undefined;

async function useTmpfs(sizeKb: number) {
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k,mode=0700`, "tmpfs", dir]);
  mounted = true;
  outbox = createOutbox(dir);
}

beforeEach(async () => {
  recordedSends.length = 0;
  base = await mkdtemp(path.join(tmpdir(), "outbox-faults-"));
  dir = path.join(base, "outbox");
  await mkdir(dir);
  outbox = createOutbox(dir);
  logs = [];
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
  if (mounted) {
    execFileSync("umount", ["-l", dir]);
    mounted = false;
  }
  await rm(base, { recursive: true, force: true });
});

// A call may take a while here (the volume changes during it): a longer timeout than usual.
const start = (overrides: Partial<DeliveryOptions> = {}) =>
  (delivery = startDelivery(
    quickWorker(fileStore(outbox), { send: createEmailJsSend(CONFIG, { timeoutMs: 2000 }), ...overrides }),
  ));

const delivered = async () => (await outbox.list("delivered")).filter((r) => r.deliveredAt);
const events = (name: string) => logs.filter((l) => l.includes(`"event":"${name}"`));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** EmailJS answers OK, but `during` runs while the call is in flight (the volume changes). */
function duringTheCall(during: () => void | Promise<void>) {
  let first = true;
  server.use(
    http.post("*/api/v1.0/email/send-form", async ({ request }) => {
      const form = await request.formData();
      recordedSends.push({
        url: request.url,
        fields: { message: String(form.get("message")) },
        at: Date.now(),
        answered: "200",
      });
      if (first) {
        first = false;
        await during();
      }
      return new HttpResponse("OK", { status: 200 });
    }),
  );
}

describe("a volume that turns read-only or full during a send", () => {
  it.skipIf(!canMount)(
    "read-only: the enquiry is sent once, no other is taken, and both are delivered once it is writable",
    async () => {
      await useTmpfs(1024);
      await outbox.store(enquiry("First, in flight when the volume turns read-only"));
      await outbox.store(enquiry("Second, waiting behind it"));
      duringTheCall(() => {
        remount(dir, "ro");
      });
      const worker = start();
      await vi.waitFor(() => expect(events("enquiry.outcome_unrecorded")).toHaveLength(1), { timeout: 3000 });
      await sleep(600); // 30 polls: nothing is sent again, nothing new is taken
      expect(recordedSends.map((s) => s.fields.message)).toEqual(["First, in flight when the volume turns read-only"]);
      expect(worker.problems()).toContainEqual(expect.stringMatching(/not yet written.*paused/));
      remount(dir, "rw");
      await vi.waitFor(async () => expect(await delivered()).toHaveLength(2), { timeout: 3000 });
      expect(recordedSends.map((s) => s.fields.message)).toEqual([
        "First, in flight when the volume turns read-only",
        "Second, waiting behind it",
      ]);
      expect(events("enquiry.outcome_unrecorded")).toHaveLength(1);
      expect(events("enquiry.outcome_recorded")).toHaveLength(1);
      expect(worker.problems()).toEqual([]);
      const [first] = await delivered();
      expect(first!.sendingSince).toBeUndefined();
      expect(first!.attempts.map((a) => a.outcome)).toEqual(["delivered"]);
    },
  );

  it.skipIf(!canMount)("full: the same, and the delivered state is kept by a rename that needs no space", async () => {
    await useTmpfs(256);
    await outbox.store(enquiry("In flight when the disk fills up"));
    const filler = path.join(dir, "filler");
    duringTheCall(() => {
      try {
        execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=4k", "count=1000"], { stdio: "ignore" });
      } catch {
        // dd stops with "No space left on device": the point
      }
    });
    start();
    await vi.waitFor(() => expect(events("enquiry.outcome_unrecorded")).toHaveLength(1), { timeout: 3000 });
    // The rename went through: it is not pending any more, so even a restart would not resend it.
    expect(await readdir(path.join(dir, "pending"))).toEqual([]);
    await sleep(300);
    expect(recordedSends).toHaveLength(1);
    await rm(filler);
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 3000 });
    expect(recordedSends).toHaveLength(1);
  });

  it("delivered/ replaced by a file mid-call (writes to pending/ still work): sent once, not every poll", async () => {
    await outbox.store(enquiry("Its outcome has nowhere to go"));
    await outbox.store(enquiry("Waits until it has"));
    const deliveredDir = path.join(dir, "delivered");
    duringTheCall(async () => {
      await rm(deliveredDir, { recursive: true });
      await writeFile(deliveredDir, "");
    });
    const worker = start();
    await vi.waitFor(() => expect(events("enquiry.outcome_unrecorded")).toHaveLength(1), { timeout: 3000 });
    await sleep(500);
    expect(recordedSends).toHaveLength(1);
    expect(worker.problems()).toContainEqual(expect.stringMatching(/paused/));
    await rm(deliveredDir);
    await mkdir(deliveredDir);
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(2), { timeout: 3000 });
    expect(recordedSends).toHaveLength(2);
  });

  it.skipIf(!canMount)("read-only before a call: nothing is sent until the intent can be written", async () => {
    await useTmpfs(1024);
    // EmailJS fails the first call: the enquiry waits for its retry, the worker holds the lease.
    let calls = 0;
    let intentOnDisk: string | undefined;
    server.use(
      http.post("*/api/v1.0/email/send-form", async () => {
        calls++;
        const [record] = await outbox.list("pending");
        intentOnDisk = record?.sendingSince;
        return calls === 1 ? new HttpResponse("Internal Server Error", { status: 500 }) : new HttpResponse("OK");
      }),
    );
    start({ backoff: { baseMs: 400, maxMs: 400 } });
    await outbox.store(enquiry("Waiting for a writable volume"));
    await vi.waitFor(() => expect(events("enquiry.retry_scheduled")).toHaveLength(1), { timeout: 3000 });
    expect(intentOnDisk).toEqual(expect.any(String)); // written before the call
    remount(dir, "ro");
    await vi.waitFor(() => expect(events("outbox.unavailable")).toHaveLength(1), { timeout: 3000 });
    await sleep(300);
    expect(calls).toBe(1);
    expect(delivery!.problems()).toContainEqual(expect.stringMatching(/EROFS/));
    remount(dir, "rw");
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 3000 });
    expect(calls).toBe(2);
  });

  it.skipIf(!canMount)(
    "the write check and a store fail on a read-only or full volume, and pass again after",
    async () => {
      await useTmpfs(128);
      await outbox.writeCheck();
      remount(dir, "ro");
      await expect(outbox.writeCheck()).rejects.toMatchObject({ code: "EROFS" });
      await expect(outbox.store(enquiry("No room"))).rejects.toMatchObject({ code: "EROFS" });
      remount(dir, "rw");
      const filler = path.join(dir, "filler");
      try {
        execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=4k", "count=1000"], { stdio: "ignore" });
      } catch {
        // full
      }
      await expect(outbox.writeCheck()).rejects.toMatchObject({ code: "ENOSPC" });
      await expect(outbox.store(enquiry("No room"))).rejects.toMatchObject({ code: "ENOSPC" });
      expect(await readdir(path.join(dir, "tmp"))).toEqual([]); // nothing half-written left behind
      await rm(filler);
      await outbox.writeCheck();
    },
  );

  it.skipIf(!canMount)("a lease whose renewal cannot be written is not counted as renewed", async () => {
    await useTmpfs(128);
    let clock = 1_000_000;
    const lease = createLease(dir, { leaseMs: 900, now: () => clock, identity: { host: "a", pid: 1 } });
    expect(await lease.hold()).toBe(true);
    remount(dir, "ro");
    clock += 350; // past a third: time to renew, and the write fails
    expect(await lease.hold()).toBe(true); // still well inside the lease
    expect(lease.problem()).toMatch(/cannot be renewed \(EROFS\)/);
    clock += 150; // past half the lease since the last renewal that was written: stop sending
    expect(await lease.hold()).toBe(false);
    remount(dir, "rw");
    expect(await lease.hold()).toBe(true);
    expect(lease.problem()).toBeUndefined();
    const other = createLease(dir, { leaseMs: 900, now: () => clock, identity: { host: "b", pid: 1 } });
    clock += 800; // less than a lease since the renewal that was written
    expect(await other.hold()).toBe(false);
  });
});

describe("entries that are not records", () => {
  async function plant() {
    const pending = path.join(dir, "pending");
    await mkdir(pending, { recursive: true });
    const outside = path.join(base, "outside.txt");
    await writeFile(outside, SECRET);
    const older = await outbox.store(enquiry("Older than every bad file"));
    const good = JSON.parse(await readFile(path.join(pending, recordFileName(older)), "utf8")) as Record<
      string,
      unknown
    >;
    const named = (id: string) => recordFileName({ id, receivedAt: "2026-11-23T10:00:00.000Z" });
    const planted: Record<string, string> = {
      "not JSON": named("00000000-0000-4000-8000-000000000001"),
      "cut short": named("00000000-0000-4000-8000-000000000002"),
      "missing fields": named("00000000-0000-4000-8000-000000000003"),
      "editor backup": "notes.json~",
      "swap file": ".notes.json.swp",
      "link to a foreign file": named("00000000-0000-4000-8000-000000000004"),
      "link to a record": named("00000000-0000-4000-8000-000000000005"),
      "hard link": named("00000000-0000-4000-8000-000000000006"),
      folder: named("00000000-0000-4000-8000-000000000007"),
      FIFO: named("00000000-0000-4000-8000-000000000008"),
      "wrong name": named("00000000-0000-4000-8000-000000000009"),
    };
    const at = (what: string) => path.join(pending, planted[what]!);
    await writeFile(at("not JSON"), SECRET);
    await writeFile(at("cut short"), JSON.stringify(good).slice(0, 80));
    await writeFile(at("missing fields"), JSON.stringify({ ...good, enquiry: { note: SECRET } }));
    await writeFile(at("editor backup"), JSON.stringify(good));
    await writeFile(at("swap file"), SECRET);
    await symlink(outside, at("link to a foreign file"));
    const elsewhere = path.join(
      base,
      recordFileName({ id: "00000000-0000-4000-8000-000000000005", receivedAt: "2026-11-23T10:00:00.000Z" }),
    );
    await writeFile(
      elsewhere,
      JSON.stringify({ ...good, id: "00000000-0000-4000-8000-000000000005", receivedAt: "2026-11-23T10:00:00.000Z" }),
    );
    await symlink(elsewhere, at("link to a record"));
    await link(outside, at("hard link"));
    await mkdir(at("folder"));
    execFileSync("mkfifo", [at("FIFO")]);
    await writeFile(at("wrong name"), JSON.stringify(good)); // a real record, under another's name
    const newer = await outbox.store(enquiry("Newer than every bad file"));
    return { planted, older, newer };
  }

  it("are set aside with their reason, never sent or logged, and every real enquiry keeps flowing in order", async () => {
    const { planted } = await plant();
    start();
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(2), { timeout: 5000 });
    expect(recordedSends.map((s) => s.fields.message)).toEqual([
      "Older than every bad file",
      "Newer than every bad file",
    ]);
    expect(await readdir(path.join(dir, "pending"))).toEqual([]);
    const set = await outbox.quarantined();
    expect(set.map((q) => q.file).sort()).toEqual(Object.values(planted).sort());
    const reasonOf = (what: string) => set.find((q) => q.file === planted[what])!.reason;
    expect(reasonOf("not JSON")).toMatch(/not JSON/);
    expect(reasonOf("cut short")).toMatch(/not JSON/);
    expect(reasonOf("missing fields")).toMatch(/incomplete or foreign record: enquiry/);
    expect(reasonOf("editor backup")).toMatch(/not an outbox record's name/);
    expect(reasonOf("link to a foreign file")).toMatch(/symbolic link/);
    expect(reasonOf("link to a record")).toMatch(/symbolic link/);
    expect(reasonOf("hard link")).toMatch(/hard link/);
    expect(reasonOf("folder")).toMatch(/folder/);
    expect(reasonOf("FIFO")).toMatch(/FIFO/);
    expect(reasonOf("wrong name")).toMatch(/does not match/);
    // Set aside untouched: the link is still a link, the foreign file where it was.
    expect(await readFile(path.join(base, "outside.txt"), "utf8")).toBe(SECRET);
    // The log names each one and its reason, and never quotes a file.
    expect(events("outbox.quarantined")).toHaveLength(Object.keys(planted).length);
    const all = logs.join("\n");
    expect(all).not.toContain("PRIVATE-CONTENTS");
    expect(all).not.toContain("ana@example.com");
    expect(outbox.index.counts()).toMatchObject({ pending: 0, quarantined: Object.keys(planted).length });
  });

  it("in failed/ are set aside too; the outbox command's listing never throws on them", async () => {
    await mkdir(path.join(dir, "failed"), { recursive: true });
    await writeFile(path.join(dir, "failed", "junk.json"), SECRET);
    const { unreadable } = await outbox.scan("failed");
    expect(unreadable).toEqual([{ state: "failed", file: "junk.json", reason: "not an outbox record's name" }]);
    await outbox.index.refresh();
    expect(outbox.index.counts()).toMatchObject({ failed: 0, quarantined: 1 });
    expect(logs.join("\n")).not.toContain("PRIVATE-CONTENTS");
  });

  it("a state folder replaced by a link is refused, not followed", async () => {
    const elsewhere = path.join(base, "elsewhere");
    await mkdir(elsewhere);
    await symlink(elsewhere, path.join(dir, "pending"));
    await expect(outbox.store(enquiry("Where would this go?"))).rejects.toThrow(/not a folder/);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it("a lease file that is a link or a FIFO is never followed or waited on", async () => {
    await symlink("/dev/zero", path.join(dir, "delivery.lease"));
    const lease = createLease(dir, { identity: { host: "a", pid: 1 } });
    expect(await lease.hold()).toBe(true);
    await lease.release();
    execFileSync("mkfifo", [path.join(dir, "delivery.lease")]);
    expect(await lease.hold()).toBe(true);
  });

  it("a lease that is a folder is taken over, not a wall", async () => {
    await mkdir(path.join(dir, "delivery.lease", "inside"), { recursive: true });
    const lease = createLease(dir, { identity: { host: "a", pid: 1 } });
    expect(await lease.hold()).toBe(true);
  });

  it("a flood of junk is set aside a batch at a time, and a real enquiry among it goes first", async () => {
    await mkdir(path.join(dir, "pending"), { recursive: true });
    for (let n = 0; n < 400; n++) await writeFile(path.join(dir, "pending", `junk-${n}.json`), SECRET);
    await outbox.store(enquiry("Hidden in the junk"));
    start();
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 5000 });
    await vi.waitFor(async () => expect(await readdir(path.join(dir, "pending"))).toEqual([]), { timeout: 10_000 });
    // Sent before the junk was all set aside: it did not wait for 400 moves.
    const order = logs.filter((l) => /"event":"(outbox.quarantined|enquiry.delivered)"/.test(l));
    expect(order.findIndex((l) => l.includes("enquiry.delivered"))).toBeLessThan(400);
    expect((await outbox.quarantined()).length).toBe(400);
    expect(outbox.index.counts().quarantined).toBe(400);
  });

  it("a file that does not fit a record is refused without being read whole", async () => {
    await mkdir(path.join(dir, "pending"), { recursive: true });
    const big = recordFileName({ id: "00000000-0000-4000-8000-00000000000a", receivedAt: "2026-11-23T10:00:00.000Z" });
    await writeFile(path.join(dir, "pending", big), Buffer.alloc(2 * 1024 * 1024, 0x20));
    await outbox.index.refresh();
    expect((await outbox.quarantined())[0]).toMatchObject({ file: big, reason: expect.stringMatching(/larger than/) });
  });
});

describe("a crash at each step", () => {
  it("after the intent was written: sent again at the next start, with a warning that it may be a second", async () => {
    const record = await outbox.store(enquiry("In flight when the process died"));
    await outbox.update({ ...record, sendingSince: new Date().toISOString() });
    start();
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 3000 });
    expect(recordedSends).toHaveLength(1);
    expect(JSON.parse(events("enquiry.resending")[0]!)).toMatchObject({ level: "warn", id: record.id });
  });

  it("after the rename to delivered/, before its contents were written: never sent again", async () => {
    const record = await outbox.store(enquiry("Renamed, then the process died"));
    await mkdir(path.join(dir, "delivered"), { recursive: true });
    await import("node:fs/promises").then((fs) =>
      fs.rename(path.join(dir, "pending", record.file), path.join(dir, "delivered", record.file)),
    );
    start();
    await sleep(300);
    expect(recordedSends).toHaveLength(0);
    expect((await outbox.list("delivered")).map((r) => r.id)).toEqual([record.id]);
  });

  it("while writing a record: the half-written file in tmp/ is never a record, and is swept", async () => {
    await mkdir(path.join(dir, "tmp"), { recursive: true });
    await writeFile(path.join(dir, "tmp", "half.json"), '{"id":');
    const record = await outbox.store(enquiry("Written whole"));
    await outbox.sweepTemporary(0, Date.now() + 1000);
    expect(await readdir(path.join(dir, "tmp"))).toEqual([]);
    expect((await outbox.list("pending")).map((r) => r.id)).toEqual([record.id]);
  });

  it("while setting an entry aside: its folder without the entry is listed, nothing else breaks", async () => {
    await mkdir(path.join(dir, "quarantine", "2026-11-23T10-00-00-000Z-abcdef12"), { recursive: true });
    expect(await outbox.quarantined()).toEqual([
      expect.objectContaining({ folder: "2026-11-23T10-00-00-000Z-abcdef12", reason: "unknown" }),
    ]);
    await outbox.store(enquiry("Still delivered"));
    start();
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 3000 });
  });
});

describe("a new volume", () => {
  it("an outbox folder that does not exist yet is created by the first look, not reported as a fault", async () => {
    outbox = createOutbox(path.join(base, "not-yet", "outbox"));
    const worker = start();
    await vi.waitFor(async () => expect(await readdir(path.join(base, "not-yet", "outbox"))).toContain("pending"));
    await sleep(100);
    expect(events("outbox.unavailable")).toEqual([]);
    expect(worker.problems()).toEqual([]);
  });
});

describe("the index", () => {
  it("sees records another process stores, and keeps them oldest first", async () => {
    start({ intervalMs: 50 });
    const other = createOutbox(dir); // another replica on the same volume
    for (const n of [1, 2, 3]) await other.store(enquiry(`From the other replica ${n}`));
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(3), { timeout: 3000 });
    expect(recordedSends.map((s) => s.fields.message)).toEqual([1, 2, 3].map((n) => `From the other replica ${n}`));
  });

  it("picks up the outbox command's retry of a waiting record at once", async () => {
    server.use(
      http.post("*/api/v1.0/email/send-form", () => new HttpResponse("Internal Server Error", { status: 500 })),
    );
    start({ backoff: { baseMs: 60_000, maxMs: 60_000 } });
    const record = await outbox.store(enquiry("Retried by hand"));
    await vi.waitFor(() => expect(recordedSends.length + events("enquiry.retry_scheduled").length).toBeGreaterThan(0), {
      timeout: 3000,
    });
    await vi.waitFor(() => expect(events("enquiry.retry_scheduled")).toHaveLength(1), { timeout: 3000 });
    server.resetHandlers();
    // What `npm run outbox -- retry ID` does, from another process.
    const cli = createOutbox(dir);
    const [waiting] = await cli.find(record.id);
    await cli.update({ ...waiting!, nextAttemptAt: undefined, retriedAt: new Date().toISOString() });
    await cli.requestReindex();
    await vi.waitFor(async () => expect(await delivered()).toHaveLength(1), { timeout: 3000 });
  });

  it("counts what /healthz reports without reading the records again", async () => {
    for (const n of [1, 2, 3]) await outbox.store(enquiry(`Waiting ${n}`));
    await outbox.index.refresh();
    expect(outbox.index.counts()).toMatchObject({ pending: 3, retrying: 0, failed: 0, quarantined: 0 });
    // A record changed in place behind the index's back is not read again (the cost of a look
    // does not grow with the queue); the outbox command asks for a rebuild when it does this.
    const [first] = await outbox.list("pending");
    await createOutbox(dir).update({ ...first!, attempts: [{ at: new Date().toISOString(), outcome: "http_500" }] });
    await outbox.index.refresh();
    expect(outbox.index.counts().retrying).toBe(0);
    await outbox.requestReindex();
    await outbox.index.refresh();
    expect(outbox.index.counts().retrying).toBe(1);
  });
});
