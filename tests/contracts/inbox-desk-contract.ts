import { expect, it } from "vitest";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import { decodeCursor, decodeUpcomingCursor } from "~/store/inbox.server";
import { enquiry } from "./inbox-setup";

export function inboxDeskContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: "Needs a reply" is the new ones, oldest first, paged; one drops out once replied; the count agrees`, async () => {
    const store = await open();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await store.store(enquiry(i)));
    for (const [i, record] of made.entries())
      await store.sql.run("UPDATE enquiries SET received_at = $2 WHERE id = $1", [
        record.id,
        new Date(Date.parse("2026-11-01T08:00:00.000Z") + i * 3_600_000).toISOString(),
      ]);
    await store.store(enquiry(90), undefined, { spam: { reasons: ["links"], maxPerHour: 10, maxKept: 10 } });
    await store.inbox.setFollowUp(made[6]!.id, "closed", "staff@example.com");
    const names = async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.inbox.needsReply({ cursor: decodeCursor(cursor), limit: 2 });
        seen.push(...page.rows.map((r) => r.name));
        cursor = page.more;
      } while (cursor);
      return seen;
    };
    expect(await names()).toEqual(["Visitor 0", "Visitor 1", "Visitor 2", "Visitor 3", "Visitor 4", "Visitor 5"]);
    expect(await store.inbox.waitingCount()).toBe(6);
    // The badge's count stops at its cap (it says "999+"), whatever waits.
    expect(await store.inbox.waitingCount({ cap: 4 })).toBe(4);
    const [first] = (await store.inbox.needsReply({ limit: 1 })).rows;
    expect(first!.preview).toBe("Message number 0");
    expect(await store.inbox.recordReply(made[0]!.id, "staff@example.com")).toBe(true);
    expect(await store.inbox.setFollowUp(made[2]!.id, "booked", "staff@example.com")).toBe(true);
    expect(await names()).toEqual(["Visitor 1", "Visitor 3", "Visitor 4", "Visitor 5"]);
    expect(await store.inbox.waitingCount()).toBe(4);
    await store.inbox.setFollowUp(made[2]!.id, "new", "staff@example.com");
    expect((await names())[1]).toBe("Visitor 2");
  });

  it(`${name}: the first reply's time is set once: by a reply link or the first answering follow-up, never moved`, async () => {
    const store = await open();
    const byLink = await store.store(enquiry(1));
    const byState = await store.store(enquiry(2));
    const notYet = await store.store(enquiry(3));
    expect((await store.inbox.enquiry(byLink.id))!.firstRepliedAt).toBeUndefined();
    expect(await store.inbox.recordReply(byLink.id, "staff@example.com")).toBe(true);
    const first = await store.inbox.enquiry(byLink.id);
    expect(first).toMatchObject({ followUp: "replied" });
    expect(first!.firstRepliedAt).toMatch(/^\d{4}-/);
    expect(first!.events.map((e) => [e.kind, e.from, e.to])).toEqual([["follow-up", "new", "replied"]]);
    await new Promise((resolve) => setTimeout(resolve, 15));
    // A second reply, a move back to new and on to booked: the first time stays; no event for nothing.
    expect(await store.inbox.recordReply(byLink.id, "other@example.com")).toBe(true);
    await store.inbox.setFollowUp(byLink.id, "new", "staff@example.com");
    await store.inbox.setFollowUp(byLink.id, "booked", "staff@example.com");
    const later = await store.inbox.enquiry(byLink.id);
    expect(later!.firstRepliedAt).toBe(first!.firstRepliedAt);
    expect(later!.events).toHaveLength(3);
    await store.inbox.setFollowUp(byState.id, "closed", "staff@example.com");
    expect((await store.inbox.enquiry(byState.id))!.firstRepliedAt).toMatch(/^\d{4}-/);
    await store.inbox.setFollowUp(notYet.id, "spam", "staff@example.com");
    expect((await store.inbox.enquiry(notYet.id))!.firstRepliedAt).toBeUndefined();
    expect(await store.inbox.recordReply("00000000-0000-4000-8000-000000000000", "x")).toBe(false);
  });

  it(`${name}: "Upcoming" is by event day then time from today on; past, closed and spam ones are not in it`, async () => {
    const store = await open();
    const at = async (n: number, day: string, time: string | null, extra?: () => Promise<unknown>) => {
      const record = await store.store(enquiry(n));
      await store.sql.run("UPDATE enquiries SET event_date = $2, event_time = $3 WHERE id = $1", [
        record.id,
        day,
        time,
      ]);
      await extra?.();
      return record;
    };
    await at(1, "2030-06-14", "21:00");
    await at(2, "2030-06-10", null);
    await at(3, "2030-06-10", "20:30");
    await at(4, "2030-06-09", "23:00"); // yesterday: dropped
    const closed = await at(5, "2030-06-11", "12:00");
    await store.inbox.setFollowUp(closed.id, "closed", "staff@example.com");
    const marked = await at(6, "2030-06-11", "13:00");
    await store.inbox.setFollowUp(marked.id, "spam", "staff@example.com");
    const booked = await at(7, "2030-07-01", "10:00");
    await store.inbox.setFollowUp(booked.id, "booked", "staff@example.com");
    await store.store(enquiry(8));
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    const all = await store.inbox.upcoming("2030-06-10");
    expect(names(all.rows)).toEqual(["Visitor 3", "Visitor 2", "Visitor 1", "Visitor 7"]);
    expect(all.rows[0]).toMatchObject({ event_date: "2030-06-10", event_time: "20:30", preview: "Message number 3" });
    expect(all.more).toBeUndefined();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.inbox.upcoming("2030-06-10", { cursor: decodeUpcomingCursor(cursor), limit: 1 });
      seen.push(...names(page.rows));
      cursor = page.more;
    } while (cursor);
    expect(seen).toEqual(["Visitor 3", "Visitor 2", "Visitor 1", "Visitor 7"]);
    expect(names((await store.inbox.upcoming("2030-06-11")).rows)).toEqual(["Visitor 1", "Visitor 7"]);
    for (const bad of ["x", Buffer.from('["2030-01-01","99","x"]').toString("base64url")])
      expect(decodeUpcomingCursor(bad)).toBeUndefined();
  });
}
