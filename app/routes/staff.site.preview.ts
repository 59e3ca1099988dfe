import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { pagePath } from "~/content/pages";
import { startPreview, stopPreview } from "~/site/preview.server";
import { siteDatabase } from "~/site/site.server";
import { staffFormAs } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requireSiteEditor, sessionRules } from "~/staff/staff.server";
import { LOCALES } from "~/i18n/locale";
import { SERVICES } from "~/content/services";

const PAGES = ["home", ...SERVICES.map((s) => s.slug)] as const;
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), page: z.enum(PAGES).default("home"), locale: z.enum(LOCALES).default("en") }),
  z.object({ intent: z.literal("end") }),
]);

/** Starts the preview (a cookie for this browser: the public pages show the draft, in every
 * language) and opens the page asked for; or ends it and comes back to the Site section. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const asked = await staffFormAs(request, Intent);
  const sql = await siteDatabase();
  if (asked.intent === "end")
    return redirect(STAFF_PATHS.site, {
      headers: { "Set-Cookie": await stopPreview(sql, request, sessionRules.secure) },
    });
  return redirect(pagePath(asked.page, asked.locale), {
    headers: { "Set-Cookie": await startPreview(sql, staff.id, sessionRules.secure), "Cache-Control": "no-store" },
  });
}

export const loader = () => redirect(STAFF_PATHS.site);
