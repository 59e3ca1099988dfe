import { LATEST_VERSION } from "./migrations";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIG, deliveryTestbed, enquiry, sqliteStore } from "../../tests/support/delivery-testbed";
import { createEmailJsSend } from "~/delivery/emailjs.server";
import { startDelivery } from "~/delivery/worker.server";
import { recordedSends } from "../../mocks/emailjs";
import { StoreRefusal } from "./store.server";

const bed = deliveryTestbed();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const digest = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

// Mounting a tmpfs needs root, as CI has; elsewhere these cases are skipped, and say so.
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
if (!canMount) console.log("skipped: the read-only and full volume cases (they mount a tmpfs: root only)");
const remount = (dir: string, mode: "ro" | "rw") => execFileSync("mount", ["-o", `remount,${mode}`, dir]);

let mountedAt: string | undefined;
async function onTmpfs(sizeKb: number) {
  mountedAt = path.join(bed.dir, "volume");
  await mkdir(mountedAt);
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k,mode=0700`, "tmpfs", mountedAt]);
  const store = bed.open();
  return Object.assign(sqliteStore(path.join(mountedAt, "site.db")), { opened: store });
}
afterEach(() => {
  if (mountedAt) execFileSync("umount", ["-l", mountedAt]);
  mountedAt = undefined;
});

function duringTheCall(during: () => void | Promise<void>) {
  let first = true;
  bed.server.use(
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

const worker = (store: ReturnType<typeof sqliteStore>) =>
  (bed.delivery = startDelivery(
    bed.options({ store, send: createEmailJsSend(CONFIG, { timeoutMs: 2000 }), pollMs: 20 }),
  ));

describe("a volume that turns read-only or full", () => {
  it.skipIf(!canMount)("full during a send: sent once, no other taken, both delivered once there is room", async () => {
    const store = await onTmpfs(1024);
    await store.store(enquiry("First, in flight when the disk fills up"));
    await store.store(enquiry("Second, waiting behind it"));
    const filler = path.join(mountedAt!, "filler");
    duringTheCall(() => {
      try {
        execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=1k", "count=4096"], { stdio: "ignore" });
      } catch {
        // dd stops with "No space left on device": the point
      }
    });
    const running = worker(store);
    await vi.waitFor(() => expect(bed.events("enquiry.outcome_unrecorded")).toHaveLength(1), { timeout: 3000 });
    await sleep(600);
    expect(recordedSends.map((s) => s.fields.message)).toEqual(["First, in flight when the disk fills up"]);
    expect(running.problems()).toContainEqual(expect.stringMatching(/not yet written.*paused/));
    await expect(store.store(enquiry("During"))).rejects.toMatchObject({
      code: expect.stringMatching(/SQLITE_FULL|SQLITE_IOERR/),
    });
    await rm(filler);
    await vi.waitFor(async () => expect((await store.counts()).delivered).toBe(2), { timeout: 3000 });
    expect(recordedSends.map((s) => s.fields.message)).toEqual([
      "First, in flight when the disk fills up",
      "Second, waiting behind it",
    ]);
    expect(bed.events("enquiry.outcome_recorded")).toHaveLength(1);
    await vi.waitFor(() => expect(running.problems()).toEqual([]));
    const [first] = (await store.scan("delivered")).deliveries;
    expect(first!.sendingSince).toBeUndefined();
    expect(first!.attempts.map((a) => a.outcome)).toEqual(["delivered"]);
  });

  it.skipIf(!canMount)(
    "read-only when the database is opened: visitors told, nothing lost, and it takes enquiries again once writable, without a restart",
    async () => {
      // Linux refuses to remount read-only while a file on it is open for writing: it turns read-only between two runs.
      const before = await onTmpfs(2048);
      await before.store(enquiry("Stored before"));
      await before.close();
      remount(mountedAt!, "ro");
      const store = sqliteStore(path.join(mountedAt!, "site.db"));
      try {
        await expect(store.prepare()).rejects.toMatchObject({
          code: expect.stringMatching(/^SQLITE_(CANTOPEN|READONLY)/),
        });
        await expect(store.store(enquiry("While read-only"))).rejects.toMatchObject({
          code: expect.stringMatching(/^SQLITE_(CANTOPEN|READONLY)/),
        });
        await expect(store.writeCheck()).rejects.toBeTruthy();
      } finally {
        remount(mountedAt!, "rw");
      }
      await store.writeCheck();
      await store.store(enquiry("After"));
      expect((await store.scan("pending")).deliveries.map((r) => r.enquiry.message)).toEqual([
        "Stored before",
        "After",
      ]);
      await store.close();
    },
  );

  it.skipIf(!canMount)(
    "full to the last byte during a burst: what was accepted stays, the rest is refused with SQLITE_FULL, and it takes enquiries again once there is room",
    async () => {
      // Room for a fresh database of every migration (its WAL is about 350 KB at version 15) and a first enquiry.
      const store = await onTmpfs(768);
      const accepted: string[] = [];
      await store.store(enquiry("Before the disk filled"));
      accepted.push("Before the disk filled");
      const filler = path.join(mountedAt!, "filler");
      try {
        execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=1k", "count=4096"], { stdio: "ignore" });
      } catch {
        // dd stops with "No space left on device": the point
      }
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          store.store(enquiry(`In the burst ${n} ${"x".repeat(2000)}`)).then(
            (r) => ({ ok: true as const, message: r.enquiry.message }),
            (error: { code?: string }) => ({ ok: false as const, code: error.code }),
          ),
        ),
      );
      const refused = outcomes.filter((o) => !o.ok);
      expect(refused.length).toBeGreaterThan(0);
      for (const o of refused) expect(o.code).toMatch(/SQLITE_FULL|SQLITE_IOERR/);
      for (const o of outcomes) if (o.ok) accepted.push(o.message);
      await rm(filler);
      await store.writeCheck();
      await store.store(enquiry("After there was room again"));
      accepted.push("After there was room again");
      const again = sqliteStore(path.join(mountedAt!, "site.db"));
      const kept = (await again.scan("pending")).deliveries.map((r) => r.enquiry.message);
      expect(kept.sort()).toEqual([...accepted].sort());
      expect((await again.check()).problems).toEqual([]);
      await again.close();
    },
  );
});

describe("a lock another program holds beyond the busy timeout", () => {
  it("refuses the store within the timeout (SQLITE_BUSY, the visitor told), and takes enquiries again when it is let go", async () => {
    await bed.store.prepare();
    const other = new Database(bed.file);
    other.exec("BEGIN EXCLUSIVE");
    try {
      const started = Date.now();
      await expect(bed.store.store(enquiry("While locked"))).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      expect(Date.now() - started).toBeLessThan(4_000);
      await expect(bed.store.writeCheck()).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    await bed.store.store(enquiry("After"));
    expect((await bed.store.counts()).pending).toBe(1);
  }, 15_000);
});

describe("a file at the database's path that must not be used", () => {
  const refusedWith = async (pattern: RegExp) => {
    const before = await digest(bed.file);
    const store = bed.open();
    const error = await store.prepare().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreRefusal);
    expect((error as Error).message).toContain(bed.file);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain("\n");
    await expect(store.store(enquiry("Refused"))).rejects.toBeInstanceOf(StoreRefusal);
    expect(await digest(bed.file)).toBe(before);
  };

  it("garbage: refused, with what is wrong and what to do, and left as it was", async () => {
    await writeFile(bed.file, "these are somebody's notes, not a database\n".repeat(100));
    await refusedWith(/not an SQLite database.*Move it aside/);
  });

  it("a truncated database: refused as damaged, left as it was", async () => {
    for (let n = 0; n < 200; n++) await bed.store.store(enquiry(`Filler ${n} ${"y".repeat(500)}`));
    await bed.store.close();
    const size = (await readFile(bed.file)).length;
    await truncate(bed.file, Math.floor(size / 2));
    await refusedWith(/damaged/);
  });

  it("written by a newer version: refused, left as it was", async () => {
    await bed.store.prepare();
    await bed.store.close();
    const db = new Database(bed.file);
    db.exec("INSERT INTO enquiry_schema_versions (version, name, applied_at) VALUES (99, 'from the future', 'x')");
    db.close();
    await refusedWith(/newer version/);
  });

  it("an empty file (a start that stopped before its first write) is a new database", async () => {
    await bed.store.close();
    await writeFile(bed.file, "");
    const store = bed.open();
    await store.store(enquiry("Into the empty file"));
    expect((await store.counts()).pending).toBe(1);
  });
});

describe("deliverers on one file", () => {
  it("a deliverer killed during a call: the next start takes over at once and sends it again, with a warning", async () => {
    const record = await bed.store.store(enquiry("In flight when the process died"));
    const db = new Database(bed.file);
    db.prepare("UPDATE enquiry_deliverer SET holder = ?, heartbeat_at = ? WHERE id = 1").run(
      `${hostname()}:999999:dead`,
      new Date().toISOString(),
    );
    db.prepare("UPDATE deliveries SET sending_since = ? WHERE enquiry_id = ?").run(new Date().toISOString(), record.id);
    db.close();
    worker(bed.store);
    await vi.waitFor(async () => expect((await bed.store.counts()).delivered).toBe(1), { timeout: 3000 });
    expect(recordedSends).toHaveLength(1);
    expect(bed.events("enquiry.resending")).toEqual([expect.objectContaining({ id: record.id })]);
  });

  it("a live holder of another process is not taken over before its heartbeat is stale", async () => {
    await bed.store.store(enquiry("Waits for the holder"));
    const db = new Database(bed.file);
    db.prepare("UPDATE enquiry_deliverer SET holder = ?, heartbeat_at = ? WHERE id = 1").run(
      "another-host:1:alive",
      new Date().toISOString(),
    );
    db.close();
    const store = bed.open({ staleMs: 600 });
    expect(await store.deliverer().hold()).toBe(false);
    await sleep(700);
    expect(await store.deliverer().hold()).toBe(true);
  });

  it("two stores on one file, each with a worker: every enquiry sent once, in order, paced", async () => {
    const other = bed.open();
    const workers = [bed.store, other].map((store) => startDelivery(bed.options({ store, intervalMs: 50 })));
    try {
      for (let n = 0; n < 12; n++) await [bed.store, other][n % 2]!.store(enquiry(`Shared ${n}`));
      await vi.waitFor(async () => expect((await other.counts()).delivered).toBe(12), { timeout: 5000 });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(recordedSends.map((s) => s.fields.message)).toEqual(Array.from({ length: 12 }, (_, n) => `Shared ${n}`));
    for (let i = 1; i < recordedSends.length; i++)
      expect(recordedSends[i]!.at - recordedSends[i - 1]!.at).toBeGreaterThanOrEqual(45);
  });

  it("a process that lost the lease cannot write the intent, and so does not send", async () => {
    const record = await bed.store.store(enquiry("Not yours any more"));
    expect(await bed.store.deliverer().hold()).toBe(true);
    const db = new Database(bed.file);
    db.prepare("UPDATE enquiry_deliverer SET holder = 'another-host:1:x', heartbeat_at = ? WHERE id = 1").run(
      new Date().toISOString(),
    );
    db.close();
    await expect(bed.store.markSending(record, new Date().toISOString())).rejects.toMatchObject({ code: "ENOTHOLDER" });
  });
});

describe("the outbox command's backup and check", () => {
  it("copies the database while it is written to, and the copy opens and checks clean", async () => {
    for (let n = 0; n < 50; n++) await bed.store.store(enquiry(`Backed up ${n}`));
    const copy = path.join(bed.dir, "copy.db");
    const writing = Promise.all(Array.from({ length: 20 }, (_, n) => bed.store.store(enquiry(`During ${n}`))));
    await bed.store.backup(copy);
    await writing;
    const restored = sqliteStore(copy);
    expect((await restored.counts()).pending).toBeGreaterThanOrEqual(50);
    expect(await restored.check()).toEqual({
      version: LATEST_VERSION,
      problems: [],
      site: { version: 0, photos: {}, files: 0, bytes: 0, problems: [] },
    });
    await restored.close();
    await expect(bed.store.backup(copy)).rejects.toThrow(/exists already/);
  });
});
