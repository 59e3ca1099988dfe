import type Sharp from "sharp";
import type { SiteText } from "~/i18n/site";
import { ending, sniff } from "./file-structure.server";
import { loadSharp } from "./sharp.server";

/** Each has a sentence in both languages (app/i18n/site.ts). */
export type Refusal = keyof SiteText["refusal"];

export type UploadLimits = { maxBytes: number; maxPixels: number };

export type Judged =
  | { ok: true; format: "jpeg" | "png" | "webp" | "avif"; width: number; height: number }
  | { ok: false; refusal: Refusal };

/** Cheapest test first, so a hostile file costs almost nothing: a "decompression bomb" is refused from its header,
 * never decoded. The full-size work is the queue's, off the request. */
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

  const sharp = await loadSharp();
  let header: Awaited<ReturnType<ReturnType<typeof Sharp>["metadata"]>>;
  try {
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
    // Every byte decoded, cheaply: JPEG shrinks on load (a 12 MP photo at 1/8 scale in tens of ms).
    await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error", sequentialRead: true })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    return { ok: false, refusal: "undecodable" };
  }
  return { ok: true, format: kind, width, height };
}
