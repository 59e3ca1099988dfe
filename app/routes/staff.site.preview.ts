import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { pagePath } from "~/content/pages";
import { startPreview } from "~/site/preview.server";
import { staffFormAs } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requireSiteEditor } from "~/staff/staff.server";
import { LOCALES } from "~/i18n/locale";
import { SERVICES } from "~/content/services";

const PAGES = ["home", ...SERVICES.map((s) => s.slug)] as const;
const Start = z.object({
  intent: z.literal("start"),
  page: z.enum(PAGES).default("home"),
  locale: z.enum(LOCALES).default("en"),
});

/** Starts the preview (a cookie for this browser: the public pages show the draft, in every language, for as long as
 * this session lasts) and opens the page asked for. The banner ends it (staff.site.end-preview.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const asked = await staffFormAs(request, Start);
  return redirect(pagePath(asked.page, asked.locale), {
    headers: {
      "Set-Cookie": await startPreview(context.wiring.site.store, staff.session),
      "Cache-Control": "no-store",
    },
  });
}

export const loader = () => redirect(STAFF_PATHS.site);
