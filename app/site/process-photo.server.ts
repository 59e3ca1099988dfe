import { createHash } from "node:crypto";
import {
  CONTENT_TYPES,
  ENCODE,
  EXTENSIONS,
  FALLBACK_WIDTH,
  WIDTHS,
  widthsFor,
  type ImageFormat,
} from "~/content/image-encoding";
import type { Encoded } from "~/store/site-photos.server";
import { dominantColor } from "./dominant-color.server";
import { loadSharp } from "./sharp.server";

/** The key hashes the bytes and the settings, so a URL names its content for ever (immutable). */
export const MEDIA_PREFIX = "/media/";
const SETTINGS = JSON.stringify({ WIDTHS, FALLBACK_WIDTH, ENCODE, v: 1 });

export type Processed = {
  mediaKey: string;
  width: number;
  height: number;
  color: string;
  widths: number[];
  fallbackWidth: number;
  files: Encoded[];
};

/** As scripts/build-images.ts makes the shipped art. Fresh encodes without metadata (sharp writes none unless asked):
 * no GPS or camera data, no byte of the upload is served. */
export async function processPhoto(bytes: Buffer, { maxPixels }: { maxPixels: number }): Promise<Processed> {
  const sharp = await loadSharp();
  const mediaKey = createHash("sha256").update(bytes).update(SETTINGS).digest("hex").slice(0, 20);
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const widths = widthsFor(info.width);
  const fallbackWidth = Math.min(FALLBACK_WIDTH, info.width);
  const jobs: { format: ImageFormat; width: number }[] = [
    ...widths.flatMap((width) => [
      { format: "avif" as const, width },
      { format: "webp" as const, width },
    ]),
    { format: "jpeg" as const, width: fallbackWidth },
  ];
  const files: Encoded[] = [];
  for (const job of jobs) {
    const body = await pixels()
      .resize({ width: job.width, withoutEnlargement: true })
      .toFormat(job.format, ENCODE[job.format])
      .toBuffer();
    files.push({
      name: `${mediaKey}-${job.width}.${EXTENSIONS[job.format]}`,
      contentType: CONTENT_TYPES[job.format],
      body,
    });
  }
  const color = await dominantColor(pixels());
  return { mediaKey, width: info.width, height: info.height, color, widths, fallbackWidth, files };
}
