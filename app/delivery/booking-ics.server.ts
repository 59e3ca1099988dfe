// RFC 5545 through ical-generator: times on the venue's wall clock with TZID and its VTIMEZONE (decision 0048).
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Booking } from "~/store/inbox-booking.server";

/** Every venue's zone keeps the EU's Central European rules (Croatia, Montenegro, Serbia). */
const CENTRAL_EUROPEAN = new Set(["Europe/Zagreb", "Europe/Podgorica", "Europe/Belgrade"]);

const vtimezone = (zone: string) =>
  CENTRAL_EUROPEAN.has(zone)
    ? [
        "BEGIN:VTIMEZONE",
        `TZID:${zone}`,
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "TZNAME:CEST",
        "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "TZNAME:CET",
        "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n")
    : null;

/** A table is held for the evening. */
const HOURS = 4;

/** ical-generator reads a plain Date's local fields when the event has a zone: the wall time built as local. */
function wallClock(date: string, time: string, addHours = 0): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!, hh! + addHours, mm));
  return new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes());
}

export type CalendarEvent = {
  booking: Pick<Booking, "uid" | "sequence" | "status" | "date" | "time" | "venue" | "timeZone" | "changedAt">;
  summary: string;
  description?: string;
  url?: string;
};

export function calendarText(
  events: readonly CalendarEvent[],
  options: { method?: "REQUEST" | "CANCEL"; name?: string; organizer?: { name: string; email: string } } = {},
): string {
  const calendar = ical({
    prodId: { company: "Adriatic VIP", product: "Desk", language: "EN" },
    ...(options.method ? { method: ICalCalendarMethod[options.method] } : {}),
    ...(options.name ? { name: options.name } : {}),
    timezone: { name: null, generator: vtimezone },
  });
  for (const { booking, summary, description, url } of events)
    calendar.createEvent({
      id: booking.uid,
      sequence: booking.sequence,
      stamp: new Date(booking.changedAt || Date.now()),
      timezone: booking.timeZone,
      start: wallClock(booking.date, booking.time),
      end: wallClock(booking.date, booking.time, HOURS),
      summary,
      location: booking.venue,
      ...(description ? { description } : {}),
      ...(url ? { url } : {}),
      status: booking.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(options.organizer ? { organizer: options.organizer } : {}),
    });
  return calendar.toString();
}
