import type { GalleryId } from "./galleries";

/** The service lines, in the spec's order: the one list every place that shows, links, sends
 * or tests a service reads (pages, routes, menu, footer, cards, sitemap, share images, the
 * contact form's categories, galleries, tests). Their texts are in app/i18n/services.ts and
 * app/i18n/layout.ts (the compiler lists what a new one lacks); adding one is the short list in
 * docs/architecture.md. */
export const SERVICES = [
  {
    slug: "vip-nightclub-experience",
    gallery: "vip",
    /** The contact form's category, as EmailJS receives it (in English, the operator's language). */
    category: "VIP Nightclub experience",
    /** Photos in its gallery (the spec's count; the image pipeline's manifest must match). */
    photos: 18,
  },
  { slug: "event-organization", gallery: "events", category: "Event organization", photos: 12 },
  { slug: "concierge-services", gallery: "concierge", category: "Concierge services", photos: 10 },
] as const satisfies readonly { slug: string; gallery: GalleryId; category: string; photos: number }[];

export type Service = (typeof SERVICES)[number];
export type ServiceSlug = Service["slug"];
export const SERVICE_SLUGS: readonly ServiceSlug[] = SERVICES.map((s) => s.slug);

/** The service whose page is at this path (either language, a trailing slash allowed), if any. */
export function serviceAtPath(pathname: string): Service | undefined {
  const slug = pathname.replace(/\/+$/, "").split("/").pop();
  return SERVICES.find((s) => s.slug === slug);
}

export const isServiceSlug = (value: string): value is ServiceSlug =>
  (SERVICE_SLUGS as readonly string[]).includes(value);
