import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as bad from "../../tests/support/bad-uploads";
import { judgeUpload } from "./judge-upload.server";

const LIMITS = { maxBytes: 2_000_000, maxPixels: 50_000_000 };
const made = (format: "png" | "webp" | "avif" | "jpeg") =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366aa" } })
    .toFormat(format)
    .toBuffer();

/** An iPhone photo's container, as its first box says. */
const heicHeader = () => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.write("mif1heic", 16, "latin1");
  return ftyp;
};

describe("an upload judged by its bytes", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("a real %s is accepted with its size", async (format) => {
    expect(await judgeUpload(await made(format), LIMITS)).toEqual({
      ok: true,
      format,
      width: 300,
      height: 200,
    });
  });

  it("a few-KB PNG claiming 20,000 × 20,000 pixels is refused from its header", async () => {
    expect(await judgeUpload(bad.pngBomb(), LIMITS)).toEqual({ ok: false, refusal: "too-many-pixels" });
  });

  it.each([
    ["an SVG with a script", () => bad.svgWithScript(), "markup"],
    ["HTML", () => Buffer.from("\uFEFF  <!doctype html><script>alert(1)</script>"), "markup"],
    ["a text file named .jpg", () => bad.textRenamedJpg(), "unknown"],
    ["HEIC", heicHeader, "heic"],
    ["a GIF", () => Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "other-format"],
    ["nothing", () => Buffer.alloc(0), "empty"],
  ] as const)("%s is refused before any decoder sees it", async (_, bytes, refusal) => {
    expect(await judgeUpload(bytes(), LIMITS)).toEqual({ ok: false, refusal });
  });

  it("a JPEG with HTML appended, and one cut short, are refused; zero padding is not a crime", async () => {
    expect(await judgeUpload(await bad.jpegWithHtml(), LIMITS)).toEqual({ ok: false, refusal: "trailing" });
    expect(await judgeUpload(await bad.truncatedJpeg(), LIMITS)).toEqual({ ok: false, refusal: "truncated" });
    const padded = Buffer.concat([await bad.smallJpeg(), Buffer.alloc(64)]);
    expect((await judgeUpload(padded, LIMITS)).ok).toBe(true);
  });

  it("a PNG, a WebP and an AVIF with something after their end are refused too", async () => {
    for (const format of ["png", "webp", "avif"] as const) {
      const polyglot = Buffer.concat([await made(format), Buffer.from("<html><script>alert(1)</script>")]);
      expect(await judgeUpload(polyglot, LIMITS), format).toEqual({ ok: false, refusal: "trailing" });
    }
  });

  it("a file over the size bound, and a photo over the pixel bound, are refused", async () => {
    expect(await judgeUpload(await made("jpeg"), { ...LIMITS, maxBytes: 100 })).toEqual({
      ok: false,
      refusal: "too-large",
    });
    expect(await judgeUpload(await made("jpeg"), { ...LIMITS, maxPixels: 50_000 })).toEqual({
      ok: false,
      refusal: "too-many-pixels",
    });
  });

  it("a JPEG whose scan data is damaged (structure whole) does not decode: refused", async () => {
    const whole = await bad.smallJpeg();
    const damaged = Buffer.from(whole);
    // Corrupt the middle of the entropy-coded data with markers that are not allowed there.
    for (let i = Math.floor(whole.length / 2); i < whole.length / 2 + 64; i += 2) {
      damaged[i] = 0xff;
      damaged[i + 1] = 0xc4;
    }
    expect((await judgeUpload(damaged, LIMITS)).ok).toBe(false);
  });
});
