import type { GalleryId } from "./galleries";

/** The three service lines, in the spec's order. Their texts are in app/i18n/services.ts. */
export const SERVICE_SLUGS = ["vip-nightclub-experience", "event-organization", "concierge-services"] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export type Service = { slug: ServiceSlug; gallery: GalleryId };

export const SERVICES: readonly Service[] = [
  { slug: "vip-nightclub-experience", gallery: "vip" },
  { slug: "event-organization", gallery: "events" },
  { slug: "concierge-services", gallery: "concierge" },
];

/** The service whose page is at this path (either language, a trailing slash allowed), if any. */
export function serviceAtPath(pathname: string): Service | undefined {
  const slug = pathname.replace(/\/+$/, "").split("/").pop();
  return SERVICES.find((s) => s.slug === slug);
}

export const isServiceSlug = (value: string): value is ServiceSlug =>
  (SERVICE_SLUGS as readonly string[]).includes(value);
