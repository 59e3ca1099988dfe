import type { MetaDescriptor } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { BRAND } from "~/content/site";
import type { Locale } from "~/i18n/locale";
import { TEAM_TIME_ZONE, teamDay } from "~/utils/team-time";

/** What the staff layout (app/routes/staff.tsx) declares: a staff page (its own frame and
 * stylesheet, see app/root.tsx). A child whose page runs its script adds `hydrateHandle`. */
export const staffHandle = { staff: true } as const;
export const hydrateHandle = { hydrate: true } as const;

/** What the layout's loader gives every staff page: its language, and the signed-in person
 * (none on the open pages: sign-in, an invitation). */
export type StaffFrameData = {
  locale: Locale;
  staff?: { email: string; role: "owner" | "staff"; siteEditor: boolean };
  /** How many enquiries wait for a reply (the navigation's badge), for a signed-in person. */
  waiting?: number;
};

/** The layout route's id (app/routes/staff.tsx). */
export const STAFF_LAYOUT = "routes/staff";

/** The frame's data, read by a child page. */
export function useStaffFrame(): StaffFrameData {
  const frame = useRouteLoaderData<StaffFrameData>(STAFF_LAYOUT);
  if (!frame) throw new Error("A staff page renders inside the staff layout.");
  return frame;
}

/** The frame's data on a page only a signed-in person reaches (its loader called requireStaff). */
export function useSignedIn(): Required<Omit<StaffFrameData, "waiting">> {
  const { locale, staff } = useStaffFrame();
  if (!staff) throw new Error("A signed-in staff page without a signed-in person.");
  return { locale, staff };
}

/** A staff page's title; never indexed. */
export const staffMeta = (title: string | undefined): MetaDescriptor[] => [
  { title: `${title ?? "Staff"} | ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** A child page's title in the frame's language, once its loader has answered ("Staff" else). */
export const staffTitle = (
  args: { data: unknown; matches: readonly Match[] },
  title: (locale: Locale) => string,
): MetaDescriptor[] => staffMeta(args.data ? title(frameLocale(args.matches)) : undefined);

type Match = { id: string; data?: unknown };
const frameLocale = (matches: readonly Match[]): Locale =>
  (matches.find((m) => m.id === STAFF_LAYOUT)?.data as StaffFrameData | undefined)?.locale ?? "en";

const tagOf = (locale: string) => (locale === "hr" ? "hr-HR" : "en-GB");
/** The two ways staff read a time, made once per language (a list's rows each show one). */
const DATE_TIME = {
  "hr-HR": new Intl.DateTimeFormat("hr-HR", { dateStyle: "medium", timeStyle: "short", timeZone: TEAM_TIME_ZONE }),
  "en-GB": new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: TEAM_TIME_ZONE }),
};
const CLOCK = {
  "hr-HR": new Intl.DateTimeFormat("hr-HR", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: TEAM_TIME_ZONE,
  }),
  "en-GB": new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: TEAM_TIME_ZONE,
  }),
};

/** A date and time as staff read it, in the page's language, in Croatia's time. */
export const staffTime = (iso: string | undefined, locale: string) =>
  iso ? DATE_TIME[tagOf(locale)].format(new Date(iso)) : "";

/** A time of day as staff read it ("22:14"), with its date when it is not today's (in Croatia). */
export function staffClock(iso: string, locale: string, now = new Date()) {
  const at = new Date(iso);
  return teamDay(at) === teamDay(now) ? CLOCK[tagOf(locale)].format(at) : staffTime(iso, locale);
}
