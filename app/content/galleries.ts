import type { Locale } from "../i18n/locale";

/** Files: `${base}-${width}.avif|webp` per width, and `${base}-${fallbackWidth}.jpg`. */
export type GalleryImage = {
  alt: string;
  width: number;
  height: number;
  color: string;
  base: string;
  widths: number[];
  fallbackWidth: number;
};
export type ImageAlt = Record<Locale, string>;

export type ManifestImage = Omit<GalleryImage, "alt"> & { alt: ImageAlt };

export type GalleryId = "home" | "vip" | "events" | "concierge";

export const HOME_GALLERY_INITIAL = 8;
export const HOME_GALLERY_MORE = 15;
