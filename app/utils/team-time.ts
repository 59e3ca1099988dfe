/** The team's time zone (Split, Croatia): what the staff screens show, where the dashboard's
 * weeks begin (Monday, 00:00 there) and what the export writes. Summer time is the zone's
 * rules', read through Intl, never a fixed offset. */
export const TEAM_TIME_ZONE = "Europe/Zagreb";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: TEAM_TIME_ZONE, timeZoneName: "longOffset" });

/** The zone's offset by UTC hour: it changes only on whole hours (01:00 UTC, twice a year), so an
 * hour's offset holds for all of it. Asking Intl is slow (tens of microseconds); an export of
 * 100,000 enquiries asked it five times a row and took ten seconds longer. Bounded. */
const offsetByHour = new Map<number, number>();

/** The zone's offset from UTC at an instant, in minutes (+60 in winter, +120 in summer). */
export function teamOffsetMinutes(at: Date): number {
  const hour = Math.floor(at.getTime() / 3_600_000);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const name = offsetFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  if (offsetByHour.size >= 50_000) offsetByHour.clear();
  offsetByHour.set(hour, minutes);
  return minutes;
}

/** An offset as ISO 8601 writes it: "+01:00". */
const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;

/** An instant as the team's wall clock: { date: "2026-11-26", time: "14:05", offset: "+01:00" }:
 * the instant moved by the zone's offset, read as UTC. */
export function teamClock(at: Date): { date: string; time: string; offset: string } {
  const offset = teamOffsetMinutes(at);
  const wall = new Date(at.getTime() + offset * 60_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16), offset: offsetText(offset) };
}

/** The team's calendar day of a moment, YYYY-MM-DD: "today" for a booking's date, the desk's
 * Upcoming view and the staff screens alike. */
export const teamDay = (at: Date | number = Date.now()) => teamClock(new Date(at)).date;

/** An ISO instant as the team reads it, with its offset: "2026-11-26 14:05 +01:00" ("" for none). */
export function teamTimeWithOffset(iso: string | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { date, time, offset } = teamClock(at);
  return `${date} ${time} ${offset}`;
}

/** A calendar day plus some days ("2026-11-30" + 7 → "2026-12-07"). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time of the team's happens ("2026-03-30", "00:00" → 2026-03-29T22:00Z).
 * Midnight is never skipped or repeated here (the zone changes its clocks at 02:00 and 03:00). */
export function teamInstant(day: string, time = "00:00"): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh, mm);
  const first = wall - teamOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - teamOffsetMinutes(new Date(first)) * 60_000);
}

/** The Monday (the team's calendar) of the week an instant falls in. */
export function teamMonday(at: Date): string {
  const { date } = teamClock(at);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}
