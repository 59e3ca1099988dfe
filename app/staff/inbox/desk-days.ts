import { addDays } from "~/utils/team-time";

/** The desk's days and durations, from the team's day (teamDay, app/utils/team-time.ts): the
 * Upcoming view's groups (tonight, this week, this weekend, later), and how long something took
 * or has waited, in parts a sentence can say. */

export type DayGroup = "tonight" | "week" | "weekend" | "later";
export const DAY_GROUPS: readonly DayGroup[] = ["tonight", "week", "weekend", "later"];

/** The weekend an Upcoming list groups: the current one (Friday to Sunday) when today is one of
 * its days, else the coming one. */
export function weekendOf(today: string): { from: string; to: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const friday = weekday === 0 ? addDays(today, -2) : weekday === 6 ? addDays(today, -1) : addDays(today, 5 - weekday);
  return { from: friday, to: addDays(friday, 2) };
}

/** Where an event's day falls, seen from `today` (both the team's days): today is "tonight";
 * then the days before the weekend ("week"), the weekend, and what comes after it. */
export function dayGroup(eventDate: string, today: string): DayGroup {
  if (eventDate <= today) return "tonight";
  const weekend = weekendOf(today);
  if (eventDate < weekend.from) return "week";
  if (eventDate <= weekend.to) return "weekend";
  return "later";
}

/** A duration in the parts a sentence says: whole days from two days on; else hours and minutes. */
export type Parts = { days: number; hours: number; minutes: number };
export function durationParts(ms: number): Parts {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1_440);
  if (days >= 2) return { days, hours: 0, minutes: 0 };
  return { days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
