import { addDays } from "~/utils/team-time";

/** Days are the team's (teamDay, app/utils/team-time.ts), not the server's. */

export type DayGroup = "tonight" | "week" | "weekend" | "later";
export const DAY_GROUPS: readonly DayGroup[] = ["tonight", "week", "weekend", "later"];

/** The current weekend (Friday to Sunday) when today is in it, else the coming one. */
export function weekendOf(today: string): { from: string; to: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const friday = weekday === 0 ? addDays(today, -2) : weekday === 6 ? addDays(today, -1) : addDays(today, 5 - weekday);
  return { from: friday, to: addDays(friday, 2) };
}

export function dayGroup(eventDate: string, today: string): DayGroup {
  if (eventDate <= today) return "tonight";
  const weekend = weekendOf(today);
  if (eventDate < weekend.from) return "week";
  if (eventDate <= weekend.to) return "weekend";
  return "later";
}

export type Parts = { days: number; hours: number; minutes: number };
export function durationParts(ms: number): Parts {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1_440);
  if (days >= 2) return { days, hours: 0, minutes: 0 };
  return { days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
