import type { LoaderFunctionArgs } from "@remix-run/node";
import { PAGE_IDS, type PageId } from "~/content/pages";
import { LOCALES } from "~/i18n/locale";
import { siteUrl } from "~/utils/env.server";
import { languageAlternates, pageUrl } from "~/utils/seo";

/** Every page in every language, at the configured public address, each with its
 * counterparts (hreflang alternates, x-default for English) as search engines read them. */
export function loader({ context }: LoaderFunctionArgs) {
  /** When the owner's publishes last changed what a page shows (photos, words, contact details), if they ever did: the
   * sitemap is rendered once per published version (the page cache is renewed with it). */
  const lastChanged = (id: PageId): string | undefined => context.wiring.site.pageChangedAt(id);
  const urls = LOCALES.flatMap((locale) =>
    PAGE_IDS.map((id) => {
      const alternates = languageAlternates(siteUrl, id)
        .map(([lang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`)
        .join("");
      const changed = lastChanged(id);
      const lastmod = changed ? `\n    <lastmod>${changed}</lastmod>` : "";
      return `  <url>\n    <loc>${pageUrl(siteUrl, id, locale)}</loc>${alternates}${lastmod}\n    <changefreq>monthly</changefreq>\n  </url>`;
    }),
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
