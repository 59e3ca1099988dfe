import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { deliveredCounts, health, outboxCommand, postEnquiry, sentTo, startServer, workspace } from "./server";

// Faults of the outbox's own volume, against the production server: entries that are not
// records, and a volume that turns read-only (a real tmpfs; needs root, as CI has).
const SECRET = "PRIVATE-BYTES ana@example.com +385 91";

test("entries that are not records are set aside; every enquiry still goes, none of their bytes is sent or logged", async () => {
  test.setTimeout(60_000);
  const place = workspace();
  const pending = path.join(place.outbox, "pending");
  mkdirSync(pending, { recursive: true });
  const outside = path.join(place.dir, "outside.txt");
  writeFileSync(outside, SECRET);
  writeFileSync(path.join(pending, "2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000001.json"), SECRET);
  writeFileSync(path.join(pending, "2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000002.json"), '{"id":"0');
  symlinkSync(outside, path.join(pending, "2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000003.json"));
  execFileSync("mkfifo", [path.join(pending, "2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000004.json")]);
  writeFileSync(path.join(pending, "notes.json~"), SECRET);

  const server = await startServer(3146, {}, place);
  try {
    for (const n of [1, 2, 3]) expect(await postEnquiry(server.base, `Behind the bad files ${n}`)).toBe(302);
    await expect.poll(() => deliveredCounts(place.record).size, { timeout: 15_000 }).toBe(3);
    expect(sentTo(place.record).map((s) => s.fields.message)).toEqual(
      [1, 2, 3].map((n) => `Behind the bad files ${n}`),
    );
    expect(await health(server.base)).toMatchObject({
      status: "degraded",
      accepting: true,
      pending: 0,
      quarantined: 5,
      problems: [expect.stringMatching(/5 set aside in quarantine/)],
    });
    expect(server.logs().match(/"event":"outbox.quarantined"/g)).toHaveLength(5);
    expect(server.logs()).not.toContain("PRIVATE-BYTES");
    expect(readFileSync(place.record, "utf8")).not.toContain("PRIVATE-BYTES");

    const listed = outboxCommand(place.outbox, "list");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/quarantine .*symbolic link/);
    expect(listed.stdout).toMatch(/quarantine .*"notes.json~": not an outbox record's name/);
    expect(listed.stdout).toMatch(/0 pending, 0 failed, 3 delivered, 5 quarantined/);
    expect(listed.stdout).not.toContain("PRIVATE-BYTES");
  } finally {
    server.child.kill("SIGTERM");
  }
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

test("the volume turns read-only with a send in flight: sent once, health degraded while a POST cannot be stored, all delivered after", async () => {
  test.skip(!canMount, "mounting a tmpfs needs root and a sandbox that allows it");
  test.setTimeout(60_000);
  const place = workspace();
  mkdirSync(place.outbox);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", place.outbox]);
  const server = await startServer(3147, {}, place);
  try {
    // "[mock:slow]": the stand-in answers OK after 0.8 s; the volume turns read-only meanwhile.
    expect(await postEnquiry(server.base, "In flight [mock:slow]")).toBe(302);
    expect(await postEnquiry(server.base, "Waiting behind it")).toBe(302);
    await expect.poll(() => sentTo(place.record).length, { timeout: 5_000 }).toBe(1);
    execFileSync("mount", ["-o", "remount,ro", place.outbox]);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(sentTo(place.record).map((s) => s.fields.message)).toEqual(["In flight [mock:slow]"]);

    // A visitor now cannot be told "sent": the answer says so, and health agrees.
    expect(await postEnquiry(server.base, "While read-only")).toBe(503);
    const degraded = await health(server.base);
    expect(degraded).toMatchObject({ status: "degraded", accepting: false });
    expect(degraded.problems).toContainEqual(expect.stringMatching(/cannot be stored now \(EROFS\)/));
    expect(degraded.problems).toContainEqual(expect.stringMatching(/not yet written.*paused/));
    expect(server.logs().match(/"event":"enquiry.outcome_unrecorded"/g)).toHaveLength(1);

    execFileSync("mount", ["-o", "remount,rw", place.outbox]);
    // Each reached EmailJS once ("slow" is the stand-in's OK after a delay).
    await expect.poll(() => sentTo(place.record).length, { timeout: 10_000 }).toBe(2);
    expect(sentTo(place.record).map((s) => s.fields.message)).toEqual(["In flight [mock:slow]", "Waiting behind it"]);
    await expect.poll(async () => (await health(server.base)).pending, { timeout: 5_000 }).toBe(0);
    await expect.poll(async () => (await health(server.base)).status, { timeout: 5_000 }).toBe("ok");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    execFileSync("umount", ["-l", place.outbox]);
  }
});
