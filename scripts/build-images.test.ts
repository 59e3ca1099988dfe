import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ManifestImage } from "~/content/galleries";
import { buildImages } from "./build-images";

type Entry = ManifestImage;

let dir: string;
let opts: { src: string; out: string; manifest: string; urlBase: string };

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "images-"));
  opts = {
    src: path.join(dir, "assets"),
    out: path.join(dir, "public"),
    manifest: path.join(dir, "manifest.json"),
    urlBase: "/images/gallery",
  };
  await mkdir(path.join(opts.src, "demo"), { recursive: true });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } });

const demo = (result: { manifest: unknown }) => (result.manifest as Record<string, Entry[]>).demo!;

async function outputs(gallery = "demo") {
  return (await readdir(path.join(opts.out, gallery))).sort();
}

describe("image pipeline", () => {
  it("writes AVIF and WebP at every width up to the original, a JPEG fallback and the manifest", async () => {
    await solid(1300, 700)
      .jpeg()
      .toFile(path.join(opts.src, "demo", "wide.jpg"));
    await writeFile(path.join(opts.src, "demo", "alt.json"), JSON.stringify({ "wide.jpg": "A wide test picture" }));
    await writeFile(path.join(opts.src, "demo", "alt.hr.json"), JSON.stringify({ "wide.jpg": "Široka probna slika" }));
    const result = await buildImages(opts);
    const [entry] = demo(result);
    expect(entry).toMatchObject({
      alt: { en: "A wide test picture", hr: "Široka probna slika" },
      width: 1300,
      height: 700,
      widths: [400, 800, 1200],
      fallbackWidth: 800,
    });
    expect(entry!.color).toMatch(/^#[0-9a-f]{6}$/);
    const name = path.basename(entry!.base);
    expect(await outputs()).toEqual(
      [...[400, 800, 1200].flatMap((w) => [`${name}-${w}.avif`, `${name}-${w}.webp`]), `${name}-800.jpg`].sort(),
    );
    const avif = await sharp(path.join(opts.out, "demo", `${name}-1200.avif`)).metadata();
    expect(avif).toMatchObject({ format: "heif", width: 1200, height: 646 });
  });

  it("never upscales a small original", async () => {
    await solid(300, 200)
      .png()
      .toFile(path.join(opts.src, "demo", "small.png"));
    const [entry] = demo(await buildImages(opts));
    expect(entry).toMatchObject({ width: 300, height: 200, widths: [300], fallbackWidth: 300 });
    const webp = await sharp(path.join(opts.out, "demo", `${path.basename(entry!.base)}-300.webp`)).metadata();
    expect(webp.width).toBe(300);
  });

  it("respects EXIF orientation and strips metadata", async () => {
    // Stored 600×400 with "rotate 90°": a person sees it 400 wide and 600 high.
    await solid(600, 400)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(opts.src, "demo", "phone.jpg"));
    const [entry] = demo(await buildImages(opts));
    expect(entry).toMatchObject({ width: 400, height: 600 });
    const jpg = await sharp(path.join(opts.out, "demo", `${path.basename(entry!.base)}-400.jpg`)).metadata();
    expect(jpg).toMatchObject({ width: 400, height: 600 });
    expect(jpg.exif).toBeUndefined();
    expect(jpg.orientation).toBeUndefined();
  });

  it("renders vector art sharp at the widest size and derives alt text when none is given", async () => {
    await writeFile(
      path.join(opts.src, "demo", "boat-party-3.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><rect width="800" height="600" fill="#123"/></svg>',
    );
    const [entry] = demo(await buildImages(opts));
    expect(entry).toMatchObject({
      alt: { en: "Photo: boat party", hr: "Photo: boat party" },
      width: 1600,
      height: 1200,
      widths: [400, 800, 1200, 1600],
    });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("no alt text for demo/boat-party-3.svg"));
  });

  it("re-encodes only what changed and removes what went away", async () => {
    await solid(500, 500)
      .png()
      .toFile(path.join(opts.src, "demo", "a.png"));
    await solid(500, 400)
      .png()
      .toFile(path.join(opts.src, "demo", "b.png"));
    expect(await buildImages(opts)).toMatchObject({ total: 2, encoded: 2, cached: 0, removed: 0 });
    expect(await buildImages(opts)).toMatchObject({ total: 2, encoded: 0, cached: 2, removed: 0 });

    await sharp({ create: { width: 500, height: 500, channels: 3, background: "#0af" } })
      .png()
      .toFile(path.join(opts.src, "demo", "a.png"));
    const changed = await buildImages(opts);
    expect(changed).toMatchObject({ total: 2, encoded: 1, cached: 1 });
    // a.png's old encodings: AVIF and WebP at 400, and the 500 px JPEG fallback.
    expect(changed.removed).toBe(3);

    await rm(path.join(opts.src, "demo", "b.png"));
    const gone = await buildImages(opts);
    expect(gone).toMatchObject({ total: 1, encoded: 0, cached: 1 });
    expect((await outputs()).every((f) => f.startsWith("a-"))).toBe(true);
  });
});
