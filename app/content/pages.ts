import { BRAND } from "./site";
import { isServiceSlug, SERVICE_SLUGS, type ServiceSlug } from "./services";
import { LOCALES, localizedPath, type Locale } from "../i18n/locale";

/** Every page, each in every language; what else a new one needs: docs/architecture.md (registry.test.ts checks). */
export type PageId = "home" | ServiceSlug | "contact" | "privacy";

export const PAGE_IDS: readonly PageId[] = ["home", ...SERVICE_SLUGS, "contact", "privacy"];

type PageKind = "home" | "service" | "contact" | "privacy";
export const PAGE_MODULES: Record<PageKind, string> = {
  home: "routes/_index.tsx",
  service: "routes/service.tsx",
  contact: "routes/contact.tsx",
  privacy: "routes/privacy.tsx",
};
export const pageKind = (id: PageId): PageKind => (id === "home" ? "home" : isServiceSlug(id) ? "service" : id);

/** Every other page answers a POST 405. */
export const ACTION_PAGES: readonly PageId[] = ["contact"];

/** The same slug in every language (decision 0017). */
const englishPath = (id: PageId) => (id === "home" ? "/" : `/${id}`);

export const pagePath = (id: PageId, locale: Locale) => localizedPath(englishPath(id), locale);

export type Page = { id: PageId; locale: Locale; path: string };

export const PAGES: readonly Page[] = LOCALES.flatMap((locale) =>
  PAGE_IDS.map((id) => ({ id, locale, path: pagePath(id, locale) })),
);

export const PAGE_PATHS = PAGES.map((page) => page.path);

/** Drawn by scripts/build-brand-images.ts; one image for both languages (its alt text is translated). */
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
