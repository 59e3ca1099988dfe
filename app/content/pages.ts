import { BRAND } from "./site";
import { isServiceSlug, SERVICE_SLUGS, type ServiceSlug } from "./services";
import { LOCALES, localizedPath, type Locale } from "../i18n/locale";

/** Every page of the site, once: routes (app/routes.ts), links (`pagePath`, and `to` in
 * components), the sitemap, share images, the page cache, and every measuring script (budget,
 * Lighthouse, bench) and end-to-end test read this list. Each page exists in every language;
 * a service added to SERVICES (app/content/services.ts) gets its page, route, links, sitemap
 * entry and tests from here. The short list of what else a new service or language needs is
 * in docs/architecture.md, and app/content/registry.test.ts fails on a forgotten place. */
export type PageId = "home" | ServiceSlug | "contact" | "privacy";

export const PAGE_IDS: readonly PageId[] = ["home", ...SERVICE_SLUGS, "contact", "privacy"];

/** The kind of page, and the route module that renders it (in every language): one for the
 * home page, one for all the services, one each for the others. */
type PageKind = "home" | "service" | "contact" | "privacy";
export const PAGE_MODULES: Record<PageKind, string> = {
  home: "routes/_index.tsx",
  service: "routes/service.tsx",
  contact: "routes/contact.tsx",
  privacy: "routes/privacy.tsx",
};
export const pageKind = (id: PageId): PageKind => (id === "home" ? "home" : isServiceSlug(id) ? "service" : id);

/** Pages a form posts to (their route has an action); every other page answers a POST 405. */
export const ACTION_PAGES: readonly PageId[] = ["contact"];

/** A page's path in English, the language at the root. The slugs are the same in every
 * language (docs/decisions/0017-one-slug-per-page.md). */
const englishPath = (id: PageId) => (id === "home" ? "/" : `/${id}`);

/** A page's path in a language: the one way addresses are built. */
export const pagePath = (id: PageId, locale: Locale) => localizedPath(englishPath(id), locale);

export type Page = { id: PageId; locale: Locale; path: string };

export const PAGES: readonly Page[] = LOCALES.flatMap((locale) =>
  PAGE_IDS.map((id) => ({ id, locale, path: pagePath(id, locale) })),
);

export const PAGE_PATHS = PAGES.map((page) => page.path);

/** The text drawn on each page's 1200×630 share image (scripts/build-brand-images.ts). One
 * image serves both languages; its alt text and the page's title are translated. */
export const SHARE_IMAGES: Record<PageId, { eyebrow: string; title: string; line: string }> = {
  home: { eyebrow: "Split, Croatia", title: BRAND, line: "VIP nightlife · events · concierge" },
  "vip-nightclub-experience": {
    eyebrow: BRAND,
    title: "VIP Nightclub Experience",
    line: "Tables, bottle service and backstage access",
  },
  "event-organization": {
    eyebrow: BRAND,
    title: "Event Organization",
    line: "Parties, team buildings and weddings on the coast",
  },
  "concierge-services": {
    eyebrow: BRAND,
    title: "Concierge Services",
    line: "Boat cruises, helicopter flights and day trips",
  },
  contact: { eyebrow: BRAND, title: "Contact us", line: "Tell us your plans: we make them happen" },
  privacy: { eyebrow: BRAND, title: "Privacy", line: "What happens to the details you send us" },
};
