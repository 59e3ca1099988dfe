import { STAFF_PREFIX } from "~/staff/paths";
import { env, siteUrl } from "~/utils/env.server";

/** Everything may be crawled but the staff area (whose answers also say noindex), and the sitemap
 * is named; with ROBOTS_NOINDEX (staging) nothing. */
export function loader() {
  const body = env.ROBOTS_NOINDEX
    ? "User-agent: *\nDisallow: /\n"
    : `User-agent: *\nAllow: /\nDisallow: ${STAFF_PREFIX}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
