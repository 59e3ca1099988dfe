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
