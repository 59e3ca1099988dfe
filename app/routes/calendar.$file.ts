import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedText } from "~/staff/inbox/calendar-feed.server";
import { inboxStore, siteUrl } from "~/staff/staff.server";

/** A staff member's calendar feed: no cookie (calendar apps fetch it alone); a wrong or revoked URL gets a bare 404. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const text = await feedText(inboxStore(context), params.file ?? "", { siteUrl });
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
  if (text === undefined) return new Response(null, { status: 404, headers });
  return new Response(text, { headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8" } });
}
