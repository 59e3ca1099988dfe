import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { stopPreview } from "~/site/preview.server";
import { staffFormAs } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { pageKey } from "~/utils/page-key";

// A page's address may be long (a link's tracking parameters): an unusable `back` goes home, and the preview still ends.
const End = z.object({ back: z.string().max(2_000).optional().catch(undefined) });

/** A public page (its canonical form), else home: nothing a form can name leaves the site's own pages. */
function backTo(back: string | undefined): string {
  if (!back?.startsWith("/") || back.startsWith("//")) return "/";
  try {
    const url = new URL(back, "http://site.invalid");
    return pageKey(url.pathname, url.searchParams) ?? "/";
  } catch {
    return "/";
  }
}

/** Open without a session (app/staff/paths.ts): the preview cookie's own token proves the browser may end it, so a
 * browser whose session ended can still leave the draft. The guard admits only a POST from a page of this site. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { back } = await staffFormAs(request, End);
  return redirect(backTo(back), {
    status: 303,
    headers: {
      "Set-Cookie": await stopPreview(context.wiring.site.store, request),
      "Cache-Control": "no-store",
    },
  });
}

export const loader = () => redirect(STAFF_PATHS.site);
