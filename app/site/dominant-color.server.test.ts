import { readFileSync } from "node:fs";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { dominantColor } from "./dominant-color.server";

const wholeImage = async (image: Sharp) => {
  const { dominant } = await image.stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
};

describe("a photo's placeholder colour", () => {
  it("is the colour that covers most of the photo, as the whole image's statistics say", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1c3f7a" } })
      .composite([
        { input: { create: { width: 1600, height: 400, channels: 3, background: "#d23c2a" } }, top: 0, left: 0 },
      ])
      .png()
      .toBuffer();
    expect(await dominantColor(sharp(photo))).toBe(await wholeImage(sharp(photo)));
    expect(await dominantColor(sharp(photo))).toMatch(/^#[0-3][0-9a-f][2-5][0-9a-f][6-9][0-9a-f]$/);
  });

  it("agrees with the whole image on shipped art, and on a photo smaller than its copy", async () => {
    const art = await sharp(readFileSync("assets/gallery/vip/vip-01.svg"), { density: 300 }).png().toBuffer();
    expect(await dominantColor(sharp(art))).toBe(await wholeImage(sharp(art)));
    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#f0e0c0" } })
      .png()
      .toBuffer();
    expect(await dominantColor(sharp(small))).toBe(await wholeImage(sharp(small)));
  });
});
