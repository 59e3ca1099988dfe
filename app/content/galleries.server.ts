import type { Locale } from "~/i18n/locale";
import type { GalleryId, GalleryImage, ManifestImage } from "./galleries";
import manifest from "./gallery-manifest.json";

/** The generated manifest, read on the server only: each page's loader passes just its own
 * gallery to the browser instead of shipping all of them in the JavaScript bundle. */
const GALLERIES: Record<GalleryId, readonly ManifestImage[]> = manifest;

/** A gallery's images with their alt texts in one language. */
export function galleryIn(id: GalleryId, locale: Locale): GalleryImage[] {
  return GALLERIES[id].map((image) => ({ ...image, alt: image.alt[locale] }));
}
