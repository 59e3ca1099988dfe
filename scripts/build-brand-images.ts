// Share images (public/og/<page>.jpg, 1200×630) and icons from assets/brand/icon.svg, drawn by librsvg with the system's
// fonts (the Dockerfile installs fonts-dejavu-core); skips work whose inputs did not change.
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PAGE_IDS, SHARE_IMAGES } from "../app/content/pages";

const root = fileURLToPath(new URL("..", import.meta.url));
const OG_DIR = path.join(root, "public/og");
const ICON_DIR = path.join(root, "public/icons");
const ICON_SOURCE = path.join(root, "assets/brand/icon.svg");
// Outside public/, so it is not published with the site.
const STAMP = path.join(root, "node_modules/.cache/brand-images.inputs");

const OG_PAGES = PAGE_IDS.map((id) => ({ id, ...SHARE_IMAGES[id] }));
const ICONS = [
  { file: "favicon-32.png", size: 32 },
  { file: "apple-touch-icon.png", size: 180 },
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function ogSvg({ eyebrow, title, line }: { eyebrow: string; title: string; line: string }, mark: string) {
  // DejaVu Serif Bold runs about 0.64 em a character: fit the title into 1040 px.
  const size = Math.min(104, Math.floor(1040 / (title.length * 0.64)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0620"/><stop offset=".6" stop-color="#160a2e"/><stop offset="1" stop-color="#07070d"/></linearGradient>
    <radialGradient id="glow1" cx=".85" cy=".1" r=".6"><stop offset="0" stop-color="#c86bfa" stop-opacity=".45"/><stop offset="1" stop-color="#c86bfa" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow2" cx=".05" cy=".35" r=".5"><stop offset="0" stop-color="#3fd6d0" stop-opacity=".3"/><stop offset="1" stop-color="#3fd6d0" stop-opacity="0"/></radialGradient>
    <linearGradient id="gold" x1="0" x2="1"><stop offset="0" stop-color="#f4f1ea"/><stop offset="1" stop-color="#f0d595"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/><rect width="1200" height="630" fill="url(#glow1)"/><rect width="1200" height="630" fill="url(#glow2)"/>
  <path d="M0 630V560h60v-24h40v24h50v-48h30v-20h20v20h30v48h70v-16h40v-30h36v46h60v-32h24v-30h18v30h30v32h80v-20h50v20h64v-42h40v42h60v-26h30v-30h14v-26h10v26h16v30h40v26h80v-16h44v16h60v-38h36v38h70v-22h40v22h80v-12h50v70z" fill="#05040c"/>
  <rect y="618" width="1200" height="12" fill="#3fd6d0" opacity=".3"/>
  <g transform="translate(80 92) scale(1.6)" fill="#e3c27a">${mark}</g>
  <text x="80" y="212" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" font-weight="bold" letter-spacing="7" fill="#e3c27a">${esc(eyebrow.toUpperCase())}</text>
  <text x="76" y="${212 + size + 24}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="${size}" font-weight="bold" fill="url(#gold)">${esc(title)}</text>
  <text x="80" y="${212 + size + 100}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="#b9b5c9">${esc(line)}</text>
</svg>`;
}

async function main() {
  const icon = await readFile(ICON_SOURCE);
  const inputs = createHash("sha256")
    .update(icon)
    .update(JSON.stringify({ OG_PAGES, ICONS }))
    .update(await readFile(fileURLToPath(import.meta.url)))
    .digest("hex");
  const outputs = [
    ...OG_PAGES.map((p) => path.join(OG_DIR, `${p.id}.jpg`)),
    ...ICONS.map((i) => path.join(ICON_DIR, i.file)),
  ];
  if (existsSync(STAMP) && (await readFile(STAMP, "utf8")) === inputs && outputs.every((f) => existsSync(f))) {
    console.log("brand images: unchanged");
    return;
  }
  await mkdir(OG_DIR, { recursive: true });
  await mkdir(ICON_DIR, { recursive: true });
  const mark = icon
    .toString("utf8")
    .replace(/^[\s\S]*?<rect[^>]*\/>/, "")
    .replace(/<\/svg>\s*$/, "");
  for (const page of OG_PAGES) {
    await sharp(Buffer.from(ogSvg(page, mark)))
      .jpeg({ quality: 86, mozjpeg: true })
      .toFile(path.join(OG_DIR, `${page.id}.jpg`));
  }
  for (const { file, size } of ICONS) {
    await sharp(icon, { density: Math.ceil((72 * size) / 40) })
      .resize(size, size)
      .png()
      .toFile(path.join(ICON_DIR, file));
  }
  await copyFile(ICON_SOURCE, path.join(root, "public/favicon.svg"));
  await mkdir(path.dirname(STAMP), { recursive: true });
  await writeFile(STAMP, inputs);
  console.log(`brand images: ${OG_PAGES.length} share images, ${ICONS.length} icons`);
}

await main();
