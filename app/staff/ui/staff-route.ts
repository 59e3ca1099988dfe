import type { MetaDescriptor } from "@remix-run/node";
import { BRAND } from "~/content/site";

/** What every staff route module declares: a staff page (its own frame and stylesheet, see
 * app/root.tsx), with or without the page's script. */
export const staffHandle = (hydrate = false) => ({ staff: true, hydrate });

/** A staff page's title; never indexed. */
export const staffMeta = (title: string | undefined): MetaDescriptor[] => [
  { title: `${title ?? "Staff"} | ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** A date and time as staff read it, in the page's language, in Croatia's time. */
export const staffTime = (iso: string | undefined, locale: string) =>
  iso
    ? new Intl.DateTimeFormat(locale === "hr" ? "hr-HR" : "en-GB", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Europe/Zagreb",
      }).format(new Date(iso))
    : "";

/** A time of day as staff read it ("22:14"), with its date when it is not today's (in Croatia). */
export function staffClock(iso: string, locale: string, now = new Date()) {
  const zone = { timeZone: "Europe/Zagreb" } as const;
  const tag = locale === "hr" ? "hr-HR" : "en-GB";
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { ...zone, dateStyle: "short" }).format(d);
  const at = new Date(iso);
  return day(at) === day(now)
    ? new Intl.DateTimeFormat(tag, { ...zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at)
    : staffTime(iso, locale);
}
