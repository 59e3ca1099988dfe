/** Summer time is the zone's rules, read through Intl, never a fixed offset. */
export const TEAM_TIME_ZONE = "Europe/Zagreb";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: TEAM_TIME_ZONE, timeZoneName: "longOffset" });

/** Offsets change only on whole hours; Intl is slow (an export of 100,000 enquiries took ten seconds longer). */
const offsetByHour = new Map<number, number>();

function teamOffsetMinutes(at: Date): number {
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

const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;

export function teamClock(at: Date): { date: string; time: string; offset: string } {
  const offset = teamOffsetMinutes(at);
  const wall = new Date(at.getTime() + offset * 60_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16), offset: offsetText(offset) };
}

export const teamDay = (at: Date | number = Date.now()) => teamClock(new Date(at)).date;

export function teamTimeWithOffset(iso: string | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { date, time, offset } = teamClock(at);
  return `${date} ${time} ${offset}`;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Midnight is never skipped or repeated (the zone changes its clocks at 02:00 and 03:00). */
export function teamInstant(day: string, time = "00:00"): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh, mm);
  const first = wall - teamOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - teamOffsetMinutes(new Date(first)) * 60_000);
}

export function teamMonday(at: Date): string {
  const { date } = teamClock(at);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}
