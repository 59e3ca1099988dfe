import { recordedSends } from "../../mocks/emailjs";
import { createFileStore } from "./file-store.server";
import { startDelivery } from "./delivery.server";
import { createLease } from "./lease.server";
import { enquiry, enquiryTestbed } from "./enquiry-testbed";
import { describe, expect, it, vi } from "vitest";

const bed = enquiryTestbed();

describe("lease", () => {
  it("lets one process deliver from a folder; another takes over when it is released", async () => {
    const a = createLease(bed.dir, { identity: { host: "replica-a", pid: 1 } });
    const b = createLease(bed.dir, { identity: { host: "replica-b", pid: 1 } });
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    await a.release();
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
  });

  it("after a restart on the same host, the new process takes over from its earlier life", async () => {
    let clock = 1_000_000;
    const earlier = createLease(bed.dir, { leaseMs: 1000, now: () => clock, identity: { host: "container", pid: 1 } });
    expect(await earlier.hold()).toBe(true);
    // kill -9: the lease stays behind, unrenewed; the restarted process is PID 1 again.
    const restarted = createLease(bed.dir, {
      leaseMs: 1000,
      now: () => clock,
      identity: { host: "container", pid: 1 },
    });
    expect(await restarted.hold()).toBe(false);
    clock += 600;
    expect(await restarted.hold()).toBe(true);
  });

  it("is taken over once its holder stops renewing it", async () => {
    let clock = 1_000_000;
    const a = createLease(bed.dir, { leaseMs: 1000, now: () => clock, identity: { host: "replica-a", pid: 1 } });
    const b = createLease(bed.dir, { leaseMs: 1000, now: () => clock, identity: { host: "replica-b", pid: 1 } });
    expect(await a.hold()).toBe(true);
    clock += 500;
    expect(await b.hold()).toBe(false);
    clock += 1000;
    expect(await b.hold()).toBe(true);
    // The old holder finds out and stops.
    expect(await a.hold()).toBe(false);
  });

  it("two workers on one folder never send the same enquiry, and keep the pace together", async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) await bed.outbox.store(enquiry(`Shared ${n}`));
    const other = startDelivery(
      bed.options({
        store: createFileStore(bed.dir),
        intervalMs: 100,
        lease: createLease(bed.dir, { identity: { host: "replica-b", pid: 1 } }),
      }),
    );
    bed.start({ intervalMs: 100, lease: createLease(bed.dir, { identity: { host: "replica-a", pid: 1 } }) });
    await vi.waitFor(async () => expect((await bed.states()).delivered).toBe(6), { timeout: 4000 });
    await other.stop();
    expect(recordedSends.map((s) => s.fields.message).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Shared ${n}`));
    const times = recordedSends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(95);
  });
});
