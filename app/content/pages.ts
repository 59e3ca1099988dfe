import { SERVICES } from "./services";
import { BRAND } from "./site";

/** Every page of the site, once: routes, sitemap, share images, and every measuring script
 * (budget, Lighthouse, bench) and end-to-end test read this list. A fourth service added to
 * SERVICES appears here, in the router (app/routes.ts) and in the sitemap by itself. */
export type PageId = "home" | (typeof SERVICES)[number]["slug"] | "contact";

export type Page = {
  id: PageId;
  path: string;
  /** The page's one <h1>. */
  heading: string;
  /** The text drawn on its 1200×630 share image (scripts/build-brand-images.ts). */
  share: { eyebrow: string; title: string; line: string };
};

export const PAGES: readonly Page[] = [
  {
    id: "home",
    path: "/",
    heading: BRAND,
    share: { eyebrow: "Split, Croatia", title: BRAND, line: "VIP nightlife · events · concierge" },
  },
  ...SERVICES.map((service): Page => ({
    id: service.slug,
    path: `/${service.slug}`,
    heading: service.title,
    share: { eyebrow: BRAND, title: service.title, line: service.shareLine },
  })),
  {
    id: "contact",
    path: "/contact",
    heading: "Contact us",
    share: { eyebrow: BRAND, title: "Contact us", line: "Tell us your plans: we make them happen" },
  },
];

export const PAGE_PATHS = PAGES.map((page) => page.path);
