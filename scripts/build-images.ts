// The image pipeline: originals in assets/gallery/<gallery>/ (alt texts in alt.json, alt.<locale>.json) become AVIF, WebP
// and a JPEG fallback and app/content/gallery-manifest.json; only what changed is re-encoded. Usage: [--force].
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { ManifestImage as GalleryImage, ImageAlt } from "../app/content/galleries";
import { LOCALES } from "../app/i18n/locale";
import { ENCODE, FALLBACK_WIDTH, WIDTHS, widthsFor, type ImageFormat } from "../app/content/image-encoding";
import { dominantColor } from "../app/site/dominant-color.server";

const root = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULTS = {
  src: path.join(root, "assets/gallery"),
  out: path.join(root, "public/images/gallery"),
  urlBase: "/images/gallery",
  manifest: path.join(root, "app/content/gallery-manifest.json"),
};

// The same widths and formats the server gives the owner's uploads (app/site/).
export { WIDTHS };
type Format = ImageFormat;

type Options = typeof DEFAULTS & { force: boolean };
type Counts = { encoded: number; cached: number; removed: number };
type Manifest = Record<string, GalleryImage[]>;
// Part of every hash: changing a setting re-encodes everything.
const SETTINGS = JSON.stringify({ WIDTHS, FALLBACK_WIDTH, ENCODE, v: 2 });
const ORIGINAL = /\.(jpe?g|png|webp|avif|tiff?|gif|svg|heic|heif)$/i;

sharp.concurrency(2);

const naturalSort = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

function altFromName(file: string) {
  return `Photo: ${
    path
      .parse(file)
      .name.replace(/[-_]+/g, " ")
      .replace(/\s*\d+$/, "")
      .trim() || "gallery image"
  }`;
}

/** File names of one image's encodings; the app derives the same names from the manifest. */
function outputsOf(entry: GalleryImage) {
  const name = path.basename(entry.base);
  return [
    ...entry.widths.flatMap((w) => [`${name}-${w}.avif`, `${name}-${w}.webp`]),
    `${name}-${entry.fallbackWidth}.jpg`,
  ];
}

async function processImage(
  { src, out, urlBase, force }: Options,
  counts: Counts,
  gallery: string,
  file: string,
  alt: ImageAlt,
  keep: Set<string>,
  previous: Map<string, GalleryImage>,
): Promise<GalleryImage> {
  const input = await readFile(path.join(src, gallery, file));
  const hash = createHash("sha256").update(input).update(SETTINGS).digest("hex").slice(0, 10);
  const name = `${path
    .parse(file)
    .name.toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")}-${hash}`;
  const base = `${urlBase}/${gallery}/${name}`;
  const dir = path.join(out, gallery);

  const known = previous.get(base);
  if (known && !force && outputsOf(known).every((f) => existsSync(path.join(dir, f)))) {
    for (const f of outputsOf(known)) keep.add(path.join(dir, f));
    counts.cached++;
    return { ...known, alt };
  }
  counts.encoded++;

  const probe = await sharp(input).metadata();
  // Vector art has no pixel size of its own: render it large enough for the widest variant.
  const density =
    probe.format === "svg" ? Math.min(2400, Math.ceil((72 * WIDTHS.at(-1)!) / (probe.width ?? 800))) : undefined;
  const { data, info } = await sharp(input, { density, failOn: "error" })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  const widths = widthsFor(info.width);
  const entry: GalleryImage = {
    alt,
    width: info.width,
    height: info.height,
    color: "",
    base,
    widths,
    fallbackWidth: Math.min(FALLBACK_WIDTH, info.width),
  };

  const jobs: { format: Format; w: number; file: string }[] = [
    ...widths.flatMap((w) => [
      { format: "avif" as const, w, file: `${name}-${w}.avif` },
      { format: "webp" as const, w, file: `${name}-${w}.webp` },
    ]),
    { format: "jpeg" as const, w: entry.fallbackWidth, file: `${name}-${entry.fallbackWidth}.jpg` },
  ];
  for (const job of jobs) keep.add(path.join(dir, job.file));
  const [color] = await Promise.all([
    dominantColor(pixels()),
    ...jobs.map((job) =>
      pixels()
        .resize({ width: job.w, withoutEnlargement: true })
        .toFormat(job.format, ENCODE[job.format])
        .toFile(path.join(dir, job.file)),
    ),
  ]);
  entry.color = color;
  return entry;
}

export async function buildImages(options: Partial<Options> = {}) {
  const opts: Options = { ...DEFAULTS, force: false, ...options };
  const { src: SRC, out: OUT, manifest: MANIFEST } = opts;
  const started = Date.now();
  const counts: Counts = { encoded: 0, cached: 0, removed: 0 };
  const manifest: Manifest = {};
  const previous = new Map<string, GalleryImage>();
  if (existsSync(MANIFEST)) {
    const last = JSON.parse(await readFile(MANIFEST, "utf8")) as Manifest;
    for (const list of Object.values(last)) for (const e of list) previous.set(e.base, e);
  }
  const keep = new Set<string>();
  const galleries = (await readdir(SRC, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const gallery of galleries) {
    const alts = {} as Record<(typeof LOCALES)[number], Record<string, string>>;
    for (const locale of LOCALES) {
      const altFile = path.join(SRC, gallery, locale === "en" ? "alt.json" : `alt.${locale}.json`);
      alts[locale] = existsSync(altFile) ? JSON.parse(await readFile(altFile, "utf8")) : {};
    }
    const files = (await readdir(path.join(SRC, gallery))).filter((f) => ORIGINAL.test(f)).sort(naturalSort);
    await mkdir(path.join(OUT, gallery), { recursive: true });
    const images: GalleryImage[] = (manifest[gallery] = []);
    // A few at a time: sharp parallelises inside each encode as well.
    for (let i = 0; i < files.length; i += 4) {
      const batch = files.slice(i, i + 4);
      const results = await Promise.all(
        batch.map((file) => {
          const english = alts.en[file];
          if (!english)
            console.warn(`images: no alt text for ${gallery}/${file} in alt.json; using "${altFromName(file)}"`);
          const alt = { en: english ?? altFromName(file) } as ImageAlt;
          for (const locale of LOCALES.filter((l) => l !== "en")) {
            // A missing translation shows the English text (and the end-to-end tests fail on it).
            if (!alts[locale][file]) console.warn(`images: no alt text for ${gallery}/${file} in alt.${locale}.json`);
            alt[locale] = alts[locale][file] ?? alt.en;
          }
          return processImage(opts, counts, gallery, file, alt, keep, previous);
        }),
      );
      images.push(...results);
    }
  }

  if (existsSync(OUT)) {
    for (const gallery of await readdir(OUT)) {
      const dir = path.join(OUT, gallery);
      for (const file of await readdir(dir)) {
        if (!keep.has(path.join(dir, file))) {
          await rm(path.join(dir, file), { force: true });
          counts.removed++;
        }
      }
    }
  }

  const json = JSON.stringify(manifest, null, 2) + "\n";
  const before = existsSync(MANIFEST) ? await readFile(MANIFEST, "utf8") : "";
  if (json !== before) await writeFile(MANIFEST, json);
  const total = Object.values(manifest).reduce((n, list) => n + list.length, 0);
  return { manifest, total, ...counts, seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await buildImages({ force: process.argv.includes("--force") });
  console.log(
    `images: ${r.total} originals, ${r.encoded} encoded, ${r.cached} unchanged, ${r.removed} stale files removed, ${r.seconds.toFixed(1)}s`,
  );
}
