// The booking form's fields checked into a BookingInput; every refusal a code the page words in both languages.
import type { CityId } from "~/content/cities";
import { CITY_NAMES } from "~/i18n/cities";
import type { Words } from "~/site/words";
import { citiesOf } from "~/site/words.server";
import type { Booking, BookingInput } from "~/store/inbox-booking.server";
import { addDays, TEAM_TIME_ZONE } from "~/utils/team-time";

/** Montenegro and Serbia keep Central European time under their own names. */
const ZONES: Partial<Record<CityId, string>> = { budva: "Europe/Podgorica", belgrade: "Europe/Belgrade" };

export type VenueOption = { value: string; label: string; timeZone: string };

/** The published venues (the Site section's), each "Venue, City" as the guest and the calendar read it. */
export function venueOptions(words: Words | undefined): VenueOption[] {
  return citiesOf(words).flatMap((city) =>
    city.venues.map((venue) => ({
      value: `${venue}, ${CITY_NAMES.en[city.id]}`,
      label: `${venue}, ${CITY_NAMES.en[city.id]}`,
      timeZone: ZONES[city.id] ?? TEAM_TIME_ZONE,
    })),
  );
}

export const BOOKING_FIELDS = ["date", "time", "venue", "guests", "depositAmount", "depositLink"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingProblem = "date" | "past" | "time" | "venue" | "guests" | "amount" | "link" | "linkAlone";

const LINK_MAX = 500;
const GUESTS_MAX = 500;
const AHEAD_DAYS = 2 * 366;

const validDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/** `https:` only: a payment link the owner pasted, never a script, a file or a page of ours. */
export function paymentLink(text: string): string | undefined {
  if (text.length > LINK_MAX || /\s/.test(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password) return undefined;
    return url.href.length > LINK_MAX ? undefined : url.href;
  } catch {
    return undefined;
  }
}

/** Euros with at most two decimals, a comma allowed for the Croatian habit. */
function amountOf(text: string): string | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const value = `${Number(match[1])}.${(match[2] ?? "").padEnd(2, "0")}`;
  return Number(value) > 0 ? value : undefined;
}

export function checkBooking(
  fields: Record<BookingField, string>,
  { venues, today, current }: { venues: readonly VenueOption[]; today: string; current?: Booking },
): { ok: true; value: BookingInput } | { ok: false; problems: Partial<Record<BookingField, BookingProblem>> } {
  const problems: Partial<Record<BookingField, BookingProblem>> = {};
  const f = Object.fromEntries(BOOKING_FIELDS.map((k) => [k, fields[k].trim()])) as Record<BookingField, string>;
  if (!validDay(f.date) || f.date > addDays(today, AHEAD_DAYS)) problems.date = "date";
  // A day already past is a typing slip; a booking kept from before may still be edited.
  else if (f.date < today && f.date !== current?.date) problems.date = "past";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(f.time)) problems.time = "time";
  const venue =
    venues.find((v) => v.value === f.venue) ??
    (current && current.venue === f.venue ? { value: current.venue, timeZone: current.timeZone } : undefined);
  if (!venue) problems.venue = "venue";
  const guests = /^\d{1,3}$/.test(f.guests) ? Number(f.guests) : 0;
  if (guests < 1 || guests > GUESTS_MAX) problems.guests = "guests";
  const amount = f.depositAmount ? amountOf(f.depositAmount) : undefined;
  if (f.depositAmount && !amount) problems.depositAmount = "amount";
  const link = f.depositLink ? paymentLink(f.depositLink) : undefined;
  if (f.depositLink && !link) problems.depositLink = "link";
  else if (link && !f.depositAmount) problems.depositAmount = "linkAlone";
  if (Object.keys(problems).length || !venue) return { ok: false, problems };
  return {
    ok: true,
    value: {
      date: f.date,
      time: f.time,
      venue: venue.value,
      timeZone: venue.timeZone,
      guests,
      ...(amount ? { depositAmount: amount } : {}),
      ...(link ? { depositLink: link } : {}),
    },
  };
}
