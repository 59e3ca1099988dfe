// The booking's part of `store.inbox` on either database (decision 0048).
import { expect, it } from "vitest";
import type { BookingInput } from "~/store/inbox-booking.server";
import type { SqlStore } from "~/store/sql-store.server";
import { enquiry } from "./inbox-setup";

const table: BookingInput = {
  date: "2027-06-12",
  time: "22:30",
  venue: "Carpe Diem, Hvar",
  timeZone: "Europe/Zagreb",
  guests: 8,
  depositAmount: "200.00",
  depositLink: "https://buy.stripe.com/test_abc",
};

async function bookingRow(store: SqlStore, id: string, channel = "booking") {
  const [row] = await store.sql.all<{ state: string; attempt_count: number; sending_since: unknown }>(
    "SELECT state, attempt_count, sending_since FROM deliveries WHERE enquiry_id = $1 AND channel = $2",
    [id, channel],
  );
  return row;
}

export function bookingContract(name: string, open: () => Promise<SqlStore>) {
  it(`${name}: booked keeps its details and one UID; a change raises SEQUENCE and queues the guest's message again`, async () => {
    const store = await open();
    const { id } = await store.store(enquiry(1));
    expect(await store.inbox.booking(id)).toBeUndefined();
    expect(await store.inbox.saveBooking(id, table, "owner@example.com")).toMatchObject({
      sequence: 0,
      change: "booked",
    });
    const first = await store.inbox.booking(id);
    expect(first).toMatchObject({ ...table, sequence: 0, status: "confirmed", changedBy: "owner@example.com" });
    const seen = await store.inbox.enquiry(id);
    expect(seen?.followUp).toBe("booked");
    expect(seen?.firstRepliedAt).toBeTruthy();
    expect(await bookingRow(store, id)).toMatchObject({ state: "pending" });

    const due = await store.nextDue("booking", Date.now() + 1000);
    expect(due?.id).toBe(id);
    await store.move(due!, "delivered", { deliveredAt: new Date().toISOString() });
    expect(await bookingRow(store, id)).toMatchObject({ state: "delivered" });
    const { depositAmount: _a, depositLink: _l, ...plain } = table;
    await store.inbox.saveBooking(id, { ...plain, guests: 10 }, "desk@example.com");
    const second = await store.inbox.booking(id);
    expect(second).toMatchObject({ uid: first!.uid, sequence: 1, guests: 10, status: "confirmed" });
    expect(second?.depositLink).toBeUndefined();
    expect(await bookingRow(store, id)).toMatchObject({ state: "pending", attempt_count: 0, sending_since: null });

    expect(await store.inbox.cancelBooking(id, "owner@example.com")).toMatchObject({
      sequence: 2,
      change: "cancelled",
    });
    expect(await store.inbox.booking(id)).toMatchObject({ uid: first!.uid, sequence: 2, status: "cancelled" });
    expect((await store.inbox.enquiry(id))?.followUp).toBe("closed");
    expect(await store.inbox.cancelBooking(id, "owner@example.com")).toBeUndefined();
    expect(await store.inbox.saveBooking(id, table, "owner@example.com")).toMatchObject({
      sequence: 3,
      change: "booked",
    });
    expect((await store.inbox.booking(id))?.uid).toBe(first!.uid);
  });

  it(`${name}: a change made while the previous message is sending is not marked delivered with it`, async () => {
    const store = await open();
    const { id } = await store.store(enquiry(1));
    await store.inbox.saveBooking(id, table, "o");
    expect(await store.deliverer().hold()).toBe(true);
    const due = await store.nextDue("booking", Date.now() + 1000);
    const sending = await store.markSending(due!, new Date().toISOString());
    await store.inbox.saveBooking(id, { ...table, time: "23:00" }, "o");
    const done = { deliveredAt: new Date().toISOString(), sendingSince: undefined };
    await store.move(sending!, "delivered", done);
    expect(await bookingRow(store, id)).toMatchObject({ state: "pending", sending_since: null });
    const again = await store.nextDue("booking", Date.now() + 1000);
    expect(again?.id).toBe(id);
    await store.move((await store.markSending(again!, new Date().toISOString()))!, "delivered", done);
    expect(await bookingRow(store, id)).toMatchObject({ state: "delivered" });
  });

  it(`${name}: no booking for an unknown, malformed or spam enquiry; two enquiries get two UIDs`, async () => {
    const store = await open();
    expect(await store.inbox.saveBooking("00000000-0000-4000-8000-000000000000", table, "o")).toBeUndefined();
    expect(await store.inbox.saveBooking("not-an-id", table, "o")).toBeUndefined();
    expect(await store.inbox.cancelBooking("not-an-id", "o")).toBeUndefined();
    const a = await store.store(enquiry(1));
    const b = await store.store(enquiry(2));
    await store.inbox.setFollowUp(b.id, "spam", "o");
    expect(await store.inbox.saveBooking(b.id, table, "o")).toBeUndefined();
    await store.inbox.setFollowUp(b.id, "new", "o");
    await store.inbox.saveBooking(a.id, table, "o");
    await store.inbox.saveBooking(b.id, table, "o");
    expect((await store.inbox.booking(a.id))?.uid).not.toBe((await store.inbox.booking(b.id))?.uid);
  });

  it(`${name}: what the guest was sent is kept once per SEQUENCE, and erased with the enquiry`, async () => {
    const store = await open();
    const { id } = await store.store(enquiry(1));
    await store.inbox.saveBooking(id, table, "o");
    const message = {
      sequence: 0,
      method: "REQUEST",
      language: "en",
      subject: "s",
      body: "b",
      ics: "BEGIN:VCALENDAR",
      via: "outbox",
      sentAt: new Date().toISOString(),
    };
    await store.inbox.keepBookingMessage(id, message);
    await store.inbox.keepBookingMessage(id, { ...message, subject: "again" });
    expect(await store.inbox.bookingMessages(id)).toEqual([message]);
    await store.inbox.erase(id);
    expect(await store.inbox.booking(id)).toBeUndefined();
    expect(await store.inbox.bookingMessages(id)).toEqual([]);
  });

  it(`${name}: a calendar feed's hash names its member; the window is read by date; the owner's switch holds`, async () => {
    const store = await open();
    const member = "0b6f8a52-6a5e-4c4e-9d61-2f1e7c3b9a10";
    await store.sql.run("INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, $2, 'staff', $3)", [
      member,
      "desk@example.com",
      new Date().toISOString(),
    ]);
    await store.inbox.setFeed(member, "hash-1");
    expect(await store.inbox.feedMember("hash-1")).toEqual({ memberId: member, hash: "hash-1" });
    await store.inbox.setFeed(member, "hash-2");
    expect(await store.inbox.feedMember("hash-1")).toBeUndefined();
    expect(await store.inbox.feedMadeAt(member)).toBeTruthy();
    expect(await store.inbox.revokeFeed(member)).toBe(true);
    expect(await store.inbox.revokeFeed(member)).toBe(false);
    expect(await store.inbox.feedMember("hash-2")).toBeUndefined();

    expect(await store.inbox.feedShowsDetails()).toBe(false);
    await store.inbox.setFeedDetails(true);
    expect(await store.inbox.feedShowsDetails()).toBe(true);

    for (const [n, date] of [
      [1, "2027-06-01"],
      [2, "2027-06-12"],
      [3, "2027-07-30"],
    ] as const) {
      const { id } = await store.store(enquiry(n, { name: `Guest ${n}` }));
      await store.inbox.saveBooking(id, { ...table, date }, "o");
    }
    const shown = await store.inbox.feedBookings("2027-06-02", "2027-07-30");
    expect(shown.map((b) => [b.name, b.date, b.guests, b.status])).toEqual([
      ["Guest 2", "2027-06-12", 8, "confirmed"],
      ["Guest 3", "2027-07-30", 8, "confirmed"],
    ]);
  });

  it(`${name}: a desk reply is kept with who wrote it, counts as the first reply, one unsent at a time; refused when erased`, async () => {
    const store = await open();
    const { id } = await store.store(enquiry(1));
    const reply = { subject: "Re: ABCD-EFGH", body: "Yes, Saturday works." };
    expect(await store.inbox.queueReply(id, reply, "desk@example.com")).toEqual({ ok: true });
    const seen = await store.inbox.enquiry(id);
    expect(seen?.followUp).toBe("replied");
    expect(seen?.firstRepliedAt).toBeTruthy();
    const [timed] = await store.sql.all<{ reply_seconds: number | null }>(
      "SELECT reply_seconds FROM enquiries WHERE id = $1",
      [id],
    );
    expect(timed?.reply_seconds).not.toBeNull();
    expect(await bookingRow(store, id, "reply")).toMatchObject({ state: "pending" });
    expect(await store.inbox.queueReply(id, reply, "desk@example.com")).toEqual({ ok: false, why: "waiting" });
    const unsent = await store.inbox.unsentReply(id);
    expect(unsent).toMatchObject({ ...reply, actor: "desk@example.com" });
    expect(await store.inbox.markReplySent(unsent!.id, "outbox")).toBe(1);
    expect(await store.inbox.markReplySent(unsent!.id, "outbox")).toBe(0);
    expect(await store.inbox.unsentReply(id)).toBeUndefined();
    expect(await store.inbox.queueReply(id, { ...reply, body: "And a second." }, "owner@example.com")).toEqual({
      ok: true,
    });
    expect((await store.inbox.replies(id)).map((r) => [r.body, r.actor, r.via ?? null])).toEqual([
      ["Yes, Saturday works.", "desk@example.com", "outbox"],
      ["And a second.", "owner@example.com", null],
    ]);
    await store.sql.run("UPDATE enquiries SET email = '' WHERE id = $1", [id]);
    expect(await store.inbox.queueReply(id, reply, "o")).toEqual({ ok: false, why: "erased" });
    expect(await store.inbox.queueReply("00000000-0000-4000-8000-000000000000", reply, "o")).toBeUndefined();
  });
}
