import type { CityId } from "~/content/cities";
import type { Budget } from "~/content/enquiry-fields";
import { CONTACT } from "./contact";
import type { Locale } from "./locale";

const DAY_FORMAT: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }),
  hr: new Intl.DateTimeFormat("hr-HR", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }),
};

/** A detail's stored value as a person reads it: a budget's or a city's words, a day with its
 * weekday; anything else (and a value this code does not know) as stored. */
export function detailText(key: string, value: string, locale: Locale): string {
  const t = CONTACT[locale];
  if (key === "budget") return t.budgets[value as Budget] ?? value;
  if (key === "city") return t.cities[value as CityId] ?? value;
  if (key === "event_date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : DAY_FORMAT[locale].format(day);
  }
  return value;
}
