// Faults of the SQLite database itself; the full and read-only volumes are real tmpfs mounts (root, as CI has).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  deliveredCounts,
  enquiryBody,
  health,
  outboxCommand,
  postEnquiry,
  sentTo,
  startServer,
  statesIn,
  workspace,
} from "./server";
import { scaled } from "../time-scale";

const SECRET = "PRIVATE-BYTES ana@example.com +385 91";
const NO_EMAILJS = { EMAILJS_SERVICE_ID: "", EMAILJS_TEMPLATE_ID: "", EMAILJS_PUBLIC_KEY: "", EMAILJS_PRIVATE_KEY: "" };

test("an earlier version's outbox folder is moved in at start: records delivered once, junk quarantined unsent and unlogged", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const pending = path.join(place.outbox, "pending");
  mkdirSync(pending, { recursive: true });
  const outside = path.join(place.dir, "outside.txt");
  writeFileSync(outside, SECRET);
  const record = (n: number) => ({
    v: 1,
    id: `00000000-0000-4000-8000-00000000000${n}`,
    receivedAt: `2026-01-01T00:00:0${n}.000Z`,
    enquiry: {
      name: "Ana",
      email: "ana@example.com",
      number: "+385 91",
      category: "other",
      message: `From the folder ${n}`,
    },
    attempts: [],
  });
  const name = (n: number) => `2026-01-01T00-00-0${n}-000Z-00000000-0000-4000-8000-00000000000${n}.json`;
  for (const n of [1, 2]) writeFileSync(path.join(pending, name(n)), JSON.stringify(record(n)));
  writeFileSync(path.join(pending, name(3)), SECRET);
  symlinkSync(outside, path.join(pending, name(4)));
  execFileSync("mkfifo", [path.join(pending, name(5))]);
  writeFileSync(path.join(pending, "notes.json~"), SECRET);

  const server = await startServer(3180, {}, place);
  try {
    expect(server.logs()).toContain('"event":"store.outbox_imported"');
    expect(await postEnquiry(server.base, "Posted after the move")).toBe(302);
    await expect.poll(() => deliveredCounts(place.record).size, { timeout: scaled(15_000) }).toBe(3);
    expect(sentTo(place.record).map((s) => s.fields.message)).toEqual([
      "From the folder 1",
      "From the folder 2",
      "Posted after the move",
    ]);
    expect(await health(server.base)).toMatchObject({
      status: "degraded",
      accepting: true,
      pending: 0,
      quarantined: 4,
      problems: [expect.stringMatching(/4 quarantined/)],
    });
    expect(server.logs()).not.toContain("PRIVATE-BYTES");
    expect(readFileSync(place.record, "utf8")).not.toContain("PRIVATE-BYTES");
    const listed = outboxCommand(place.database, "list");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/quarantine .*a link \(not followed\)/);
    expect(listed.stdout).toMatch(/0 pending, 0 failed, 3 delivered, 4 quarantined/);
    expect(listed.stdout).not.toContain("PRIVATE-BYTES");
  } finally {
    server.child.kill("SIGTERM");
  }
});

function refusedStart(place: ReturnType<typeof workspace>) {
  const run = spawnSync(process.execPath, ["build/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "3181",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${place.database}`,
    },
    encoding: "utf8",
    timeout: scaled(15_000),
  });
  expect(run.status).toBe(1);
  const lines = run.stderr
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("{"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(place.database);
  return lines[0]!;
}
const digest = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

test("a garbage file or a truncated database at the path: the server refuses to start, says what to do, and leaves it as it was", async () => {
  test.setTimeout(scaled(60_000));
  const garbage = workspace();
  writeFileSync(garbage.database, "not a database at all\n".repeat(200));
  const before = digest(garbage.database);
  expect(refusedStart(garbage)).toMatch(/not an SQLite database.*Move it aside/);
  expect(digest(garbage.database)).toBe(before);

  const cut = workspace();
  const server = await startServer(3182, NO_EMAILJS, cut);
  for (let n = 0; n < 40; n++) expect(await postEnquiry(server.base, `Filler ${n} ${"z".repeat(800)}`)).toBe(302);
  server.child.kill("SIGTERM");
  await server.exited;
  truncateSync(cut.database, Math.floor(readFileSync(cut.database).length / 2));
  const truncated = digest(cut.database);
  expect(refusedStart(cut)).toMatch(/damaged/);
  expect(digest(cut.database)).toBe(truncated);
});

// Mounting a tmpfs needs root and a sandbox that allows it (CI has both): probe once.
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    const probe = execFileSync("mktemp", ["-d"]).toString().trim();
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe]);
    return true;
  } catch {
    return false;
  }
})();

function onTmpfs(size: string) {
  const place = workspace();
  const volume = path.join(place.dir, "volume");
  mkdirSync(volume);
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", volume]);
  place.database = path.join(volume, "site.db");
  return { place, volume };
}

test("the volume fills to the last byte during a burst: every answer is 302 or 503, every 302 delivered once, and it accepts again once there is room", async () => {
  test.skip(!canMount, "mounting a tmpfs needs root and a sandbox that allows it");
  test.setTimeout(scaled(60_000));
  const { place, volume } = onTmpfs("1m");
  const server = await startServer(3183, { RATE_LIMIT_MAX: "0" }, place);
  try {
    const filler = path.join(volume, "filler");
    const burst = Array.from({ length: 60 }, (_, n) => `Burst ${n} ${"q".repeat(3000)}`);
    const answers = await Promise.all(
      burst.map(async (message, n) => {
        if (n === 20) {
          try {
            execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=1k", "count=4096"], { stdio: "ignore" });
          } catch {
            // "No space left on device": the point
          }
        }
        const res = await fetch(`${server.base}/contact`, {
          method: "POST",
          body: enquiryBody(message),
          redirect: "manual",
        });
        return { message, status: res.status };
      }),
    );
    for (const a of answers) expect([302, 503]).toContain(a.status);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    const degraded = await health(server.base);
    expect(degraded).toMatchObject({ accepting: false });
    expect(degraded.problems).toContainEqual(expect.stringMatching(/cannot be stored now \(SQLITE_(FULL|IOERR)/));
    rmSync(filler);
    await expect.poll(async () => (await health(server.base)).accepting, { timeout: scaled(5_000) }).toBe(true);
    expect(await postEnquiry(server.base, "After there was room")).toBe(302);
    const accepted = [...answers.filter((a) => a.status === 302).map((a) => a.message), "After there was room"];
    await expect.poll(() => deliveredCounts(place.record).size, { timeout: scaled(30_000) }).toBe(accepted.length);
    for (const message of accepted) expect(deliveredCounts(place.record).get(message)).toBe(1);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    execFileSync("umount", ["-l", volume]);
  }
});

test("a read-only volume: the server starts and serves, visitors are told their enquiry was not stored, and it accepts again once writable, without a restart", async () => {
  test.skip(!canMount, "mounting a tmpfs needs root and a sandbox that allows it");
  test.setTimeout(scaled(60_000));
  const { place, volume } = onTmpfs("2m");
  const before = await startServer(3184, NO_EMAILJS, place);
  expect(await postEnquiry(before.base, "Stored before the remount")).toBe(302);
  before.child.kill("SIGTERM");
  await before.exited;
  // Linux refuses a read-only remount while a file on the volume is open for writing: the
  // volume turns read-only between two runs, as after a host's remount.
  execFileSync("mount", ["-o", "remount,ro", volume]);
  const server = await startServer(3184, NO_EMAILJS, place);
  try {
    expect((await fetch(`${server.base}/`)).status).toBe(200);
    expect(await postEnquiry(server.base, "While read-only")).toBe(503);
    const degraded = await health(server.base);
    expect(degraded).toMatchObject({ status: "degraded", accepting: false });
    expect(degraded.problems).toContainEqual(
      expect.stringMatching(/cannot be stored now \((SQLITE_(CANTOPEN|READONLY)|EROFS)/),
    );
    execFileSync("mount", ["-o", "remount,rw", volume]);
    await expect.poll(async () => (await health(server.base)).accepting, { timeout: scaled(5_000) }).toBe(true);
    expect(await postEnquiry(server.base, "After it was writable")).toBe(302);
    expect((await statesIn(place.database)).pending).toBe(2);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    execFileSync("umount", ["-l", volume]);
  }
});

test("SIGTERM during a burst: every POST answered 302 is stored and delivered after the restart, none twice, no 5xx", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const first = await startServer(3185, {}, place);
  const burst = Array.from({ length: 40 }, (_, n) => `Burst at the stop ${n}`);
  const settled: { message: string; status?: number }[] = [];
  let next = 0;
  const client = async () => {
    while (next < burst.length) {
      const message = burst[next++]!;
      const res = await fetch(`${first.base}/contact`, {
        method: "POST",
        body: enquiryBody(message),
        redirect: "manual",
      }).catch(() => undefined);
      settled.push({ message, status: res?.status });
      if (settled.length === 10) first.child.kill("SIGTERM");
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  expect(await first.exited).toBe(0);
  for (const a of settled) if (a.status !== undefined) expect(a.status).toBeLessThan(500);
  const told = settled.filter((a) => a.status === 302).map((a) => a.message);
  expect(told.length).toBeGreaterThan(0);
  const second = await startServer(3185, {}, place);
  try {
    await expect.poll(async () => (await statesIn(place.database)).pending, { timeout: scaled(60_000) }).toBe(0);
    for (const message of told) expect(deliveredCounts(place.record).get(message)).toBe(1);
    for (const count of deliveredCounts(place.record).values()) expect(count).toBe(1);
  } finally {
    second.child.kill("SIGTERM");
  }
});
