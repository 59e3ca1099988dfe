import { PAGE_PATHS } from "~/content/pages";
import { siteUrl } from "~/utils/env.server";

/** Every page, at the configured public address. */
export function loader() {
  const urls = PAGE_PATHS.map(
    (path) => `  <url><loc>${siteUrl}${path}</loc><changefreq>monthly</changefreq></url>`,
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
