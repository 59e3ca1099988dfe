import type { Locale } from "~/i18n/locale";
import type { GalleryId, GalleryImage, ManifestImage } from "./galleries";
import manifest from "./gallery-manifest.json";

/** Server-only so each loader sends just its gallery, not all of them in the bundle. */
const GALLERIES: Record<GalleryId, readonly ManifestImage[]> = manifest;

export function galleryIn(id: GalleryId, locale: Locale): GalleryImage[] {
  return GALLERIES[id].map((image) => ({ ...image, alt: image.alt[locale] }));
}
