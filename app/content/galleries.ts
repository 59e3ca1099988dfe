import type { Locale } from "../i18n/locale";

/** Gallery image as a page shows it, its alt text in the page's language. The encodings live
 * at `${base}-${width}.avif|webp` for each of `widths`, and `${base}-${fallbackWidth}.jpg`. */
export type GalleryImage = {
  alt: string;
  width: number;
  height: number;
  /** Dominant colour: the placeholder painted until the image arrives. */
  color: string;
  base: string;
  widths: number[];
  fallbackWidth: number;
};
export type ImageAlt = Record<Locale, string>;

/** Gallery image as the pipeline (scripts/build-images.ts) describes it, in every language. */
export type ManifestImage = Omit<GalleryImage, "alt"> & { alt: ImageAlt };

export type GalleryId = "home" | "vip" | "events" | "concierge";

/** Home gallery: shown at first, and revealed by one "Load more". */
export const HOME_GALLERY_INITIAL = 8;
export const HOME_GALLERY_MORE = 15;
