// The queue's frequent reads and a failing channel's recovery (decision 0036), on SQLite and PostgreSQL.
import { expect, it } from "vitest";
import { migrate } from "~/store/migrate.server";
import { MIGRATIONS } from "~/store/migrations";
import type { SqlStore } from "~/store/sql-store.server";
import { enquiry } from "../support/delivery-testbed";

export type QueueMaker = {
  fresh(channels: readonly string[]): Promise<SqlStore>;
  again(channels: readonly string[]): Promise<SqlStore>;
};

/** The counts as the deliveries themselves say (what counts() read before the tallies). */
async function counted(store: SqlStore) {
  const rows = await store.sql.all<{ channel: string; state: string; tried: unknown; n: unknown }>(
    `SELECT channel, state, (state = 'pending' AND attempt_count > 0) AS tried, count(*) AS n
       FROM deliveries GROUP BY 1, 2, 3`,
  );
  return tallyView(rows);
}

async function tallied(store: SqlStore) {
  return tallyView(await store.sql.all("SELECT channel, state, tried, n FROM delivery_tallies WHERE n <> 0"));
}

const tallyView = (rows: Record<string, unknown>[]) =>
  rows.map((r) => `${String(r.channel)}/${String(r.state)}/${Boolean(Number(r.tried))}: ${Number(r.n)}`).sort();

export function queueContract(name: string, maker: QueueMaker) {
  it(`${name}: the counts are tallies kept by triggers, equal to a count of the deliveries after every kind of change`, async () => {
    const store = await maker.fresh(["email", "slack"]);
    const check = async (step: string) => {
      expect(await tallied(store), step).toEqual(await counted(store));
      const real = await counted(store);
      const sum = (state: string, tried?: boolean) =>
        real
          .filter((line) => line.includes(`/${state}/${tried === undefined ? "" : String(tried)}`))
          .reduce((total, line) => total + Number(line.split(": ")[1]), 0);
      expect(await store.counts(), step).toMatchObject({
        pending: sum("pending"),
        retrying: sum("pending", true),
        failed: sum("failed"),
        delivered: sum("delivered"),
      });
    };
    const stored: Awaited<ReturnType<SqlStore["store"]>>[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) stored.push(await store.store(enquiry(`Tally ${n}`)));
    await check("accepted: one delivery per channel");
    expect(await store.counts()).toMatchObject({
      pending: 12,
      channels: { email: { pending: 6 }, slack: { pending: 6 } },
    });
    const at = new Date().toISOString();
    await store.update({ ...stored[0]!, attempts: [{ at, outcome: "http_409" }], nextAttemptAt: at });
    await store.update({
      ...stored[0]!,
      attempts: [
        { at, outcome: "http_409" },
        { at, outcome: "http_409" },
      ],
    });
    await check("tried: retrying");
    expect((await store.counts()).retrying).toBe(1);
    await store.move(stored[1]!, "delivered", { deliveredAt: at });
    await store.move(stored[1]!, "delivered", { deliveredAt: at });
    await store.move(stored[2]!, "failed", { failure: { reason: "http_403" } });
    await check("delivered and failed");
    await store.retry({ ...stored[2]!, state: "failed" });
    await check("an operator's retry");
    expect(await store.deliverer().hold()).toBe(true);
    await store.failWaiting("email", stored[3]!.receivedAt, { reason: "http_503" });
    await store.deliverer().release();
    await check("the give-up sweep");
    await store.sql.run("UPDATE deliveries SET state = 'quarantined', quarantine_reason = 'x' WHERE enquiry_id = $1", [
      stored[4]!.id,
    ]);
    await check("quarantined as unreadable");
    const caught = await store.store(enquiry("Caught"), undefined, {
      spam: { reasons: ["links"], maxPerHour: 10, maxKept: 10 },
    });
    await check("caught as spam: no deliveries");
    expect(await store.release(caught.id)).toBe(true);
    await check("released from spam: its deliveries");
    expect(await store.purgeDelivered(0)).toBe(0);
    await store.move({ ...stored[1]!, channel: "slack" }, "delivered", { deliveredAt: at });
    expect(await store.purgeDelivered(0)).toBe(1);
    await check("purged");
    await store.sql.run("DELETE FROM enquiries WHERE id = $1", [stored[5]!.id]);
    await check("erased: the deliveries go with the enquiry");
    expect((await store.counts()).channels.slack).toEqual({ pending: 4, failed: 0, delivered: 0 });
    await store.close();
  });

  it(`${name}: moving up from version 11 tallies what is there`, async () => {
    const store = await maker.fresh(["email"]);
    await migrate(
      store.sql,
      MIGRATIONS.filter((m) => m.version <= 11),
    );
    // Written as version 11 left them (the store's own accept would apply the latest schema first).
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1000).toISOString();
    const rows = [
      ["bbbbbbbb-0000-4000-8000-000000000001", "pending", 2],
      ["bbbbbbbb-0000-4000-8000-000000000002", "pending", 0],
      ["bbbbbbbb-0000-4000-8000-000000000003", "failed", 1],
      ["bbbbbbbb-0000-4000-8000-000000000004", "delivered", 1],
    ] as const;
    for (const [i, [id, state, tries]] of rows.entries()) {
      await store.sql.run(
        `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, reference)
           VALUES ($1, $2, 'Ana', 'ana@example.com', '+385 1', 'other', 'Old', $3)`,
        [id, at(i), `BBBB-000${i}`],
      );
      await store.sql.run(
        `INSERT INTO deliveries (enquiry_id, channel, state, received_at, due_at, attempts, attempt_count, changed_at)
           VALUES ($1, 'email', $2, $3, $3, $4, $5, $3)`,
        [id, state, at(i), JSON.stringify(Array(tries).fill({ at: at(i), outcome: "http_503" })), tries],
      );
    }
    await store.prepare();
    expect(await tallied(store)).toEqual(await counted(store));
    expect(await store.counts()).toMatchObject({
      pending: 2,
      retrying: 1,
      failed: 1,
      delivered: 1,
      oldestPendingAt: at(0),
    });
    await store.close();
  });

  it(`${name}: the next due is the oldest of those due by arrival and those whose own timer has come; a probe is the oldest, whatever its timer`, async () => {
    const store = await maker.fresh(["email"]);
    const stored: Awaited<ReturnType<SqlStore["store"]>>[] = [];
    for (const n of [1, 2, 3, 4]) stored.push(await store.store(enquiry(`Due ${n}`)));
    // Arrival times are strictly increasing, so four quick ones can run a few ms ahead of the clock.
    const now = Math.max(Date.now(), ...stored.map((s) => Date.parse(s.receivedAt)));
    const inAMinute = new Date(now + 60_000).toISOString();
    const tried = [{ at: new Date(now).toISOString(), outcome: "http_409" }];
    for (const i of [0, 2]) await store.update({ ...stored[i]!, attempts: tried, nextAttemptAt: inAMinute });
    const next = async (at: number, skip: string[] = [], probe = false) =>
      (await store.nextDue("email", at, skip, { probe }))?.enquiry.message;
    expect(await next(now)).toBe("Due 2");
    // Due on arrival even when the clock stands behind the arrival time (a burst's strictly later times).
    expect(await next(now - 60_000)).toBe("Due 2");
    expect(await next(now, [stored[1]!.id])).toBe("Due 4");
    expect(await next(now, [stored[1]!.id, stored[3]!.id])).toBeUndefined();
    expect(await next(now + 61_000)).toBe("Due 1");
    expect(await next(now + 61_000, [stored[0]!.id])).toBe("Due 2");
    expect(await next(now + 61_000, [stored[0]!.id, stored[1]!.id])).toBe("Due 3");
    // A failing channel's probe: the oldest waiting, its own timer or not.
    expect(await next(now, [], true)).toBe("Due 1");
    expect(await next(now, [stored[0]!.id], true)).toBe("Due 2");
    await store.close();
  });

  it(`${name}: a failing channel noted up makes every delivery that waited for it due in arrival order, own timers included, and it holds for the next process`, async () => {
    const store = await maker.fresh(["email", "slack"]);
    const stored: Awaited<ReturnType<SqlStore["store"]>>[] = [];
    for (const n of [1, 2, 3, 4, 5]) stored.push(await store.store(enquiry(`Lead ${n}`)));
    const now = Math.max(Date.now(), ...stored.map((s) => Date.parse(s.receivedAt)));
    const later = new Date(now + 600_000).toISOString();
    const tried = [{ at: new Date(now).toISOString(), outcome: "http_500" }];
    for (const i of [0, 1, 3]) await store.update({ ...stored[i]!, attempts: tried, nextAttemptAt: later });
    await store.update({ ...stored[0]!, channel: "slack", attempts: tried, nextAttemptAt: later });
    const order = async (s: SqlStore, channel = "email") => {
      const seen: string[] = [];
      for (;;) {
        const due = await s.nextDue(channel, now, seen);
        if (!due) return seen.map((id) => stored.findIndex((r) => r.id === id) + 1);
        seen.push(due.id);
      }
    };
    expect(await order(store)).toEqual([3, 5]);
    expect(await store.deliverer().hold()).toBe(true);
    await store.channelHealth("email").save({ channel: "email", failures: 0 });
    expect(await order(store)).toEqual([3, 5]);
    await store.channelHealth("email").save({
      channel: "email",
      failingSince: new Date(now).toISOString(),
      failures: 4,
      nextProbeAt: later,
      lastFailure: { reason: "http_503", status: 503 },
    });
    await store.channelHealth("email").save({ channel: "email", failures: 0 });
    await store.deliverer().release();
    await store.close();
    const next = await maker.again(["email", "slack"]);
    expect(await order(next)).toEqual([1, 2, 3, 4, 5]);
    expect(await order(next, "slack")).toEqual([2, 3, 4, 5]);
    const [first] = (await next.scan("pending")).deliveries;
    expect(first).toMatchObject({ attempts: tried, nextAttemptAt: undefined });
    await next.close();
  });
}
