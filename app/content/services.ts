import type { GalleryId } from "./galleries";

/** The one list of services, in the spec's order; adding one: docs/architecture.md. */
export const SERVICES = [
  {
    slug: "vip-nightclub-experience",
    gallery: "vip",
    /** In English, the operator's language, as EmailJS receives it. */
    category: "VIP Nightclub experience",
    photos: 18,
  },
  { slug: "event-organization", gallery: "events", category: "Event organization", photos: 12 },
  { slug: "concierge-services", gallery: "concierge", category: "Concierge services", photos: 10 },
] as const satisfies readonly { slug: string; gallery: GalleryId; category: string; photos: number }[];

export type Service = (typeof SERVICES)[number];
export type ServiceSlug = Service["slug"];
export const SERVICE_SLUGS: readonly ServiceSlug[] = SERVICES.map((s) => s.slug);

export function serviceAtPath(pathname: string): Service | undefined {
  const slug = pathname.replace(/\/+$/, "").split("/").pop();
  return SERVICES.find((s) => s.slug === slug);
}

export const isServiceSlug = (value: string): value is ServiceSlug =>
  (SERVICE_SLUGS as readonly string[]).includes(value);
