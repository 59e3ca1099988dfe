import type { MetaDescriptor } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { BRAND } from "~/content/site";
import type { Locale } from "~/i18n/locale";
import { TEAM_TIME_ZONE, teamDay } from "~/utils/team-time";

/** A staff page gets its own frame and stylesheet (app/root.tsx); a child that runs its script adds `hydrateHandle`. */
export const staffHandle = { staff: true } as const;
export const hydrateHandle = { hydrate: true } as const;

/** No `staff` on the open pages (sign-in, an invitation). */
export type StaffFrameData = {
  locale: Locale;
  staff?: { email: string; role: "owner" | "staff"; siteEditor: boolean };
  waiting?: number;
};

export const STAFF_LAYOUT = "routes/staff";

export function useStaffFrame(): StaffFrameData {
  const frame = useRouteLoaderData<StaffFrameData>(STAFF_LAYOUT);
  if (!frame) throw new Error("A staff page renders inside the staff layout.");
  return frame;
}

/** Only on a page whose loader called requireStaff. */
export function useSignedIn(): Required<Omit<StaffFrameData, "waiting">> {
  const { locale, staff } = useStaffFrame();
  if (!staff) throw new Error("A signed-in staff page without a signed-in person.");
  return { locale, staff };
}

export const staffMeta = (title: string | undefined): MetaDescriptor[] => [
  { title: `${title ?? "Staff"} | ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
];

export const staffTitle = (
  args: { data: unknown; matches: readonly Match[] },
  title: (locale: Locale) => string,
): MetaDescriptor[] => staffMeta(args.data ? title(frameLocale(args.matches)) : undefined);

type Match = { id: string; data?: unknown };
const frameLocale = (matches: readonly Match[]): Locale =>
  (matches.find((m) => m.id === STAFF_LAYOUT)?.data as StaffFrameData | undefined)?.locale ?? "en";

const tagOf = (locale: string) => (locale === "hr" ? "hr-HR" : "en-GB");
/** Made once per language: a list's rows each show one. */
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

export const staffTime = (iso: string | undefined, locale: string) =>
  iso ? DATE_TIME[tagOf(locale)].format(new Date(iso)) : "";

export function staffClock(iso: string, locale: string, now = new Date()) {
  const at = new Date(iso);
  return teamDay(at) === teamDay(now) ? CLOCK[tagOf(locale)].format(at) : staffTime(iso, locale);
}
