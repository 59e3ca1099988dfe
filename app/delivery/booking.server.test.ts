import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { recordedSends } from "../../mocks/emailjs";
import { CONFIG, deliveryTestbed, enquiry, quickWorker } from "../../tests/support/delivery-testbed";
import type { BookingInput } from "~/store/inbox-booking.server";
import type { SqlStore } from "~/store/sql-store.server";
import { startDelivery } from "./worker.server";
import { bookingChannel } from "./booking.server";
import { calendarText } from "./booking-ics.server";

const CONTACT = { email: "desk@adriatic.example", phone: "+385 21 000 000", socialUrl: "", socialLabel: "" };
const table: BookingInput = {
  date: "2027-06-12",
  time: "22:30",
  venue: "Carpe Diem, Hvar",
  timeZone: "Europe/Zagreb",
  guests: 8,
  depositAmount: "200.00",
  depositLink: "https://buy.stripe.com/test_abc",
};

function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return { calendar, vevent, event };
}

describe("the booking's calendar file", () => {
  it("reads back as RFC 5545: the venue's wall time with its zone, UID, SEQUENCE, SUMMARY, LOCATION, METHOD", () => {
    const booking = {
      ...table,
      uid: "5f0c7f5e-1111-4222-8333-944455556666",
      sequence: 3,
      status: "confirmed" as const,
      changedAt: "2027-05-01T10:00:00.000Z",
    };
    const text = calendarText([{ booking, summary: "Table at Carpe Diem, Hvar, 8 guests" }], {
      method: "REQUEST",
      organizer: { name: "Adriatic VIP", email: CONTACT.email },
    });
    const { calendar, vevent, event } = parsed(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe(booking.uid);
    expect(event.sequence).toBe(3);
    expect(event.summary).toBe("Table at Carpe Diem, Hvar, 8 guests");
    expect(event.location).toBe("Carpe Diem, Hvar");
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Zagreb");
    expect(event.startDate.toString()).toBe("2027-06-12T22:30:00");
    // Summer time: 22:30 in Zagreb is 20:30 UTC, read through the file's own VTIMEZONE.
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-06-12T20:30:00.000Z");
    const winter = parsed(calendarText([{ booking: { ...booking, date: "2027-01-09" }, summary: "s" }])).event;
    expect(winter.startDate.toJSDate().toISOString()).toBe("2027-01-09T21:30:00.000Z");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(text).toMatch(/\r\n/);
  });

  it("a cancellation keeps the UID, raises SEQUENCE, says METHOD:CANCEL and STATUS:CANCELLED", () => {
    const booking = { ...table, uid: "u-1", sequence: 4, status: "cancelled" as const, changedAt: "" };
    const { calendar, vevent, event } = parsed(calendarText([{ booking, summary: "s" }], { method: "CANCEL" }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.uid).toBe("u-1");
    expect(event.sequence).toBe(4);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

const bed = deliveryTestbed();

function channelFor(store: SqlStore, config?: typeof CONFIG) {
  return bookingChannel(
    config && { ...config, bookingTemplateId: "template_booking" },
    () => store.inbox,
    () => CONTACT,
    { timeoutMs: 300, intervalMs: 0 },
  );
}

const sentTo = () => recordedSends.filter((s) => s.fields.template_id === "template_booking");
const icsOf = (dataUrl: string) => Buffer.from(dataUrl.split(",")[1]!, "base64").toString("utf8");

describe("the guest's booking messages", () => {
  it("go once per change through EmailJS's booking template, in the guest's language, with the .ics", async () => {
    const { id, reference } = await bed.store.store({ ...enquiry(), language: "hr" });
    bed.start({ channels: [channelFor(bed.store, CONFIG)] });
    await bed.store.inbox.saveBooking(id, table, "owner@example.com");
    await vi.waitFor(() => expect(sentTo()).toHaveLength(1), { timeout: 3000 });
    const [first] = sentTo();
    expect(first!.fields).toMatchObject({ to_email: "ana@example.com", reply_to: CONTACT.email, reference });
    expect(first!.fields.subject).toBe(`Vaš je stol rezerviran — ${reference}`);
    expect(first!.fields.text).toContain("Gdje: Carpe Diem, Hvar");
    expect(first!.fields.text).toContain("Polog: 200,00 €, plaćanje ovdje: https://buy.stripe.com/test_abc");
    expect(first!.fields.text).toContain("subota, 12. lipnja 2027.");
    const ics = parsed(icsOf(first!.fields.calendar_file!));
    expect(ics.event.sequence).toBe(0);

    await bed.store.inbox.cancelBooking(id, "owner@example.com");
    await vi.waitFor(() => expect(sentTo()).toHaveLength(2), { timeout: 3000 });
    const cancel = parsed(icsOf(sentTo()[1]!.fields.calendar_file!));
    expect(cancel.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancel.event.uid).toBe(ics.event.uid);
    expect(cancel.event.sequence).toBe(1);
    await vi.waitFor(async () =>
      expect((await bed.store.inbox.bookingMessages(id)).map((m) => [m.sequence, m.method, m.via])).toEqual([
        [0, "REQUEST", "emailjs"],
        [1, "CANCEL", "emailjs"],
      ]),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(sentTo()).toHaveLength(2);
  });

  it("a change made during a send goes as a second message with the new SEQUENCE, once", async () => {
    const { id } = await bed.store.store(enquiry());
    await bed.store.inbox.saveBooking(id, table, "owner@example.com");
    const channel = channelFor(bed.store, CONFIG);
    // The change lands while the first call is with the provider.
    const changing: typeof channel = {
      ...channel,
      async send(delivery) {
        const result = await channel.send(delivery);
        if (sentTo().length === 1) await bed.store.inbox.saveBooking(id, { ...table, time: "23:00" }, "desk@x.hr");
        return result;
      },
    };
    bed.start({ channels: [changing] });
    await vi.waitFor(() => expect(sentTo()).toHaveLength(2), { timeout: 3000 });
    const second = parsed(icsOf(sentTo()[1]!.fields.calendar_file!));
    expect(second.event.sequence).toBe(1);
    expect(second.event.startDate.toString()).toBe("2027-06-12T23:00:00");
    await vi.waitFor(async () =>
      expect(
        await bed.store.sql.all("SELECT state FROM deliveries WHERE enquiry_id = $1 AND channel = 'booking'", [id]),
      ).toEqual([{ state: "delivered" }]),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(sentTo()).toHaveLength(2);
  });

  it("through a restart: a call that reached EmailJS before the process died is not made again", async () => {
    const { id } = await bed.store.store(enquiry());
    await bed.store.inbox.saveBooking(id, table, "owner@example.com");
    // The first process: its intent written, the call made and kept, then it stops before the outcome is written.
    const channel = channelFor(bed.store, CONFIG);
    expect(await bed.store.deliverer().hold()).toBe(true);
    const due = await bed.store.nextDue("booking", Date.now() + 1000);
    const marked = await bed.store.markSending(due!, new Date().toISOString());
    expect((await channel.send(marked!)).ok).toBe(true);
    expect(sentTo()).toHaveLength(1);
    await bed.store.close();

    const next = bed.open();
    bed.store = next;
    bed.delivery = startDelivery({ ...quickWorker(next), channels: [channelFor(next, CONFIG)] });
    await vi.waitFor(
      async () =>
        expect(
          await next.sql.all("SELECT state FROM deliveries WHERE enquiry_id = $1 AND channel = 'booking'", [id]),
        ).toEqual([{ state: "delivered" }]),
      { timeout: 3000 },
    );
    expect(bed.events("enquiry.resending")).toHaveLength(1);
    expect(sentTo()).toHaveLength(1);
    expect(await next.inbox.bookingMessages(id)).toHaveLength(1);
  });

  it("without a booking template the outbox stand-in keeps the message and the .ics, calling nobody", async () => {
    const { id, reference } = await bed.store.store(enquiry());
    bed.start({ channels: [channelFor(bed.store)] });
    await bed.store.inbox.saveBooking(id, table, "owner@example.com");
    await vi.waitFor(async () => expect(await bed.store.inbox.bookingMessages(id)).toHaveLength(1), { timeout: 3000 });
    const [kept] = await bed.store.inbox.bookingMessages(id);
    expect(kept).toMatchObject({ via: "outbox", language: "en", subject: `Your table is booked — ${reference}` });
    expect(kept!.body).toContain("When: Saturday, 12 June 2027, 22:30 (Europe/Zagreb time)");
    expect(parsed(kept!.ics).event.location).toBe("Carpe Diem, Hvar");
    expect(recordedSends).toHaveLength(0);
  });
});
