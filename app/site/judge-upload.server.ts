import sharp from "sharp";
import type { SiteText } from "~/i18n/site";
import { ending, sniff } from "./file-structure.server";

/** Why an upload was refused: each has a sentence in both languages (app/i18n/site.ts). */
export type Refusal = keyof SiteText["refusal"];

export type UploadLimits = { maxBytes: number; maxPixels: number };

export type Judged =
  | { ok: true; format: "jpeg" | "png" | "webp" | "avif"; width: number; height: number }
  | { ok: false; refusal: Refusal };

/** Judges an upload by its bytes, cheapest test first, so a hostile file costs almost nothing:
 * its kind from its first bytes (SVG, HTML and every other non-raster refused there); its
 * structure to its last byte (cut short, or something after its end: refused); its header's
 * pixel count (a few-KB "decompression bomb" claiming 400 megapixels is refused from the
 * header, never decoded); then one decode at a small size, with libvips' own pixel limit and
 * `failOn`, which must succeed for the photo to be accepted. The full-size work is the
 * processing queue's (process-photo.server.ts), off the request. */
export async function judgeUpload(bytes: Buffer, limits: UploadLimits): Promise<Judged> {
  if (bytes.length === 0) return { ok: false, refusal: "empty" };
  if (bytes.length > limits.maxBytes) return { ok: false, refusal: "too-large" };
  const kind = sniff(bytes).kind;
  if (kind === "markup") return { ok: false, refusal: "markup" };
  if (kind === "heic") return { ok: false, refusal: "heic" };
  if (kind === "other-image") return { ok: false, refusal: "other-format" };
  if (kind === "unknown") return { ok: false, refusal: "unknown" };
  const ends = ending(kind, bytes);
  if (ends !== "whole") return { ok: false, refusal: ends };

  let header: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // Reads the header only: no pixels are decoded here.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: "undecodable" };
  }
  const expected = kind === "avif" ? "heif" : kind;
  if (header.format !== expected) return { ok: false, refusal: "undecodable" };
  if (kind === "avif" && header.compression !== "av1") return { ok: false, refusal: "heic" };
  const { width = 0, height = 0 } = header;
  if (!width || !height) return { ok: false, refusal: "undecodable" };
  if (width * height > limits.maxPixels) return { ok: false, refusal: "too-many-pixels" };
  if ((header.pages ?? 1) > 1) return { ok: false, refusal: "other-format" };

  try {
    // A real decode of every byte (JPEG shrinks on load: a 12 MP photo decodes at 1/8 scale in
    // tens of milliseconds), refused at the first error or truncation.
    await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error", sequentialRead: true })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    return { ok: false, refusal: "undecodable" };
  }
  return { ok: true, format: kind, width, height };
}
