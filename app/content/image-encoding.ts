// Shared by the build (part of its hash) and uploads (each photo records its widths): <Picture> finds the same files.
export const WIDTHS = [400, 800, 1200, 1600] as const;
/** Browsers without AVIF or WebP get one JPEG width. */
export const FALLBACK_WIDTH = 800;
export const ENCODE = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 72, effort: 3 },
  jpeg: { quality: 70, mozjpeg: true },
} as const;
export type ImageFormat = keyof typeof ENCODE;

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};
export const EXTENSIONS: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export function widthsFor(width: number): number[] {
  const widths = WIDTHS.filter((w) => w <= width);
  return widths.length ? [...widths] : [width];
}
