/** The widths and formats every gallery image is served in: the build's pipeline
 * (scripts/build-images.ts) encodes the shipped art with them, and the server (app/site/) the
 * owner's uploads, so a page's <Picture> asks for the same files whichever made them. A change
 * here re-encodes the shipped art at the next build (it is part of its hash); uploads already
 * processed keep the widths they were made with (each photo records its own). */
export const WIDTHS = [400, 800, 1200, 1600] as const;
/** The JPEG for browsers without AVIF or WebP: one width, never wider than the original. */
export const FALLBACK_WIDTH = 800;
export const ENCODE = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 72, effort: 3 },
  jpeg: { quality: 70, mozjpeg: true },
} as const;
export type ImageFormat = keyof typeof ENCODE;

/** The exact Content-Type each served file is sent with. */
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};
/** The file name's extension of each format (the <Picture> component's). */
export const EXTENSIONS: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** The widths an image of `width` pixels is encoded at: the standard ones it reaches, or its own. */
export function widthsFor(width: number): number[] {
  const widths = WIDTHS.filter((w) => w <= width);
  return widths.length ? [...widths] : [width];
}
