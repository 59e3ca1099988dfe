// Placeholder gallery art written as originals into assets/gallery/<gallery>/, where an operator drops real photos: it owns
// only its `<gallery>-NN.svg` files and their alt.json entries. Its output is committed: run `npm run art` after a change.
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HOME_GALLERY_INITIAL, HOME_GALLERY_MORE } from "../app/content/galleries";
import { SERVICES } from "../app/content/services";

const root = process.env.ART_ROOT ?? fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/assets/gallery`)) {
  console.error(`npm run art: no assets/gallery/ in ${root} (run it from the project's folder)`);
  process.exit(1);
}
const W = 800;
const H = 600;

type Rng = () => number;

function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  { name: "violet", sky: ["#0b0620", "#2a0f4f"], glow: "#c86bfa", light: "#ffd66b" },
  { name: "teal", sky: ["#03131c", "#0d3b4f"], glow: "#3fd6d0", light: "#ffe3a3" },
  { name: "magenta", sky: ["#12031a", "#4a0d3d"], glow: "#ff4fa3", light: "#ffd1e8" },
  { name: "gold", sky: ["#0a0a14", "#2b2140"], glow: "#e8b64c", light: "#fff1c2" },
  { name: "blue", sky: ["#020617", "#172a6b"], glow: "#5aa8ff", light: "#e6f0ff" },
  { name: "amber dusk", sky: ["#1a0b24", "#b3543a"], glow: "#ff9d4d", light: "#ffe0a8" },
];

type Palette = (typeof PALETTES)[number];
type Scene = (r: Rng, p: Palette, id: number) => string;

const n = (v: number) => Math.round(v);

function sky(p: Palette, id: number) {
  return `<defs><linearGradient id="s${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#s${id})"/>`;
}

function stars(r: Rng, count: number, maxY: number) {
  let d = "";
  for (let i = 0; i < count; i++) d += `M${n(r() * W)} ${n(r() * maxY)}h2v2h-2z`;
  return `<path d="${d}" fill="#fff" opacity=".7"/>`;
}

function sea(r: Rng, p: Palette, top: number) {
  const out = `<rect y="${top}" width="${W}" height="${H - top}" fill="#020812" opacity=".85"/>`;
  let d = "";
  for (let i = 0; i < 26; i++) {
    const y = top + 8 + r() * (H - top - 10);
    const x = r() * W;
    d += `M${n(x)} ${n(y)}h${n(20 + r() * 90)}v2h-${n(20 + r() * 90)}z`;
  }
  return out + `<path d="${d}" fill="${p.light}" opacity=".35"/>`;
}

function skyline(r: Rng, p: Palette, base: number) {
  let d = `M0 ${base}`;
  let lights = "";
  let x = 0;
  while (x < W) {
    const w = 30 + r() * 60;
    const h = 30 + r() * 120;
    d += `V${n(base - h)}H${n(x + w)}`;
    for (let k = 0; k < 4; k++) lights += `M${n(x + 6 + r() * (w - 12))} ${n(base - 8 - r() * (h - 14))}h4v5h-4z`;
    x += w;
  }
  d += `V${base}Z`;
  return `<path d="${d}" fill="#05040c"/><path d="${lights}" fill="${p.light}" opacity=".85"/>`;
}

function moon(r: Rng, p: Palette) {
  const x = 80 + r() * 640;
  const y = 60 + r() * 90;
  return `<circle cx="${n(x)}" cy="${n(y)}" r="60" fill="${p.light}" opacity=".12"/><circle cx="${n(x)}" cy="${n(y)}" r="28" fill="${p.light}"/>`;
}

const SCENES: Record<string, Scene> = {
  club(r: Rng, p: Palette, id: number) {
    let beams = "";
    const colors = [p.glow, p.light, "#3fd6d0", "#ff4fa3"];
    for (let i = 0; i < 9; i++) {
      const x0 = 200 + r() * 400;
      const x1 = r() * W;
      beams += `<path d="M${n(x0)} 0L${n(x1 - 14)} ${H}h28z" fill="${colors[i % 4]}" opacity="${(0.12 + r() * 0.2).toFixed(2)}"/>`;
    }
    let crowd = "";
    for (let x = -10; x < W; x += 26 + r() * 14) {
      const y = 470 + r() * 40;
      crowd += `M${n(x)} ${H}V${n(y + 30)}q${n(14)} -${n(26)} 28 0V${H}z`;
      crowd += `M${n(x + 14)} ${n(y + 10)}m-13 0a13 13 0 1 0 26 0a13 13 0 1 0-26 0`;
      if (r() > 0.6) crowd += `M${n(x + 2)} ${n(y + 30)}l-10-70h6l12 66z`;
    }
    return `${sky(p, id)}<ellipse cx="400" cy="40" rx="220" ry="60" fill="${p.glow}" opacity=".4"/>${beams}<path d="${crowd}" fill="#030208"/>`;
  },
  harbour(r: Rng, p: Palette, id: number) {
    return `${sky(p, id)}${stars(r, 60, 300)}${moon(r, p)}${skyline(r, p, 380)}${sea(r, p, 380)}`;
  },
  yacht(r: Rng, p: Palette, id: number) {
    const x = 120 + r() * 360;
    const hull = `M${n(x)} 420h300l-40 40h-230z`;
    const cabin = `M${n(x + 60)} 420v-30h150l30 30z`;
    let windows = "";
    for (let i = 0; i < 6; i++) windows += `M${n(x + 72 + i * 22)} 400h12v8h-12z`;
    return `${sky(p, id)}${stars(r, 40, 260)}${moon(r, p)}${sea(r, p, 430)}<path d="${hull}${cabin}" fill="#05040c"/><path d="${windows}" fill="${p.light}"/><path d="M${n(x + 140)} 390v-150l6 0v150z" fill="#05040c"/>`;
  },
  fireworks(r: Rng, p: Palette, id: number) {
    let bursts = "";
    const colors = [p.glow, p.light, "#ff4fa3", "#3fd6d0", "#e8b64c"];
    for (let b = 0; b < 4; b++) {
      const cx = 100 + r() * 600;
      const cy = 80 + r() * 200;
      const rad = 50 + r() * 60;
      let d = "";
      for (let a = 0; a < 24; a++) {
        const t = (a / 24) * Math.PI * 2;
        d += `M${n(cx + Math.cos(t) * rad * 0.3)} ${n(cy + Math.sin(t) * rad * 0.3)}L${n(cx + Math.cos(t) * rad)} ${n(cy + Math.sin(t) * rad)}`;
      }
      bursts += `<path d="${d}" stroke="${colors[b % 5]}" stroke-width="3" stroke-linecap="round"/>`;
    }
    return `${sky(p, id)}${stars(r, 30, 300)}${bursts}${skyline(r, p, 430)}${sea(r, p, 430)}`;
  },
  rooftop(r: Rng, p: Palette, id: number) {
    let strings = "";
    let bulbs = "";
    for (let s = 0; s < 3; s++) {
      const y = 90 + s * 70 + r() * 20;
      strings += `M0 ${n(y)}Q400 ${n(y + 90)} 800 ${n(y)}`;
      for (let i = 1; i < 16; i++) {
        const t = i / 16;
        const bx = 800 * t;
        const by = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + 90) + t * t * y;
        bulbs += `<circle cx="${n(bx)}" cy="${n(by + 6)}" r="5" fill="${p.light}"/>`;
      }
    }
    return `${sky(p, id)}${stars(r, 40, 260)}<path d="${strings}" stroke="#1b1626" stroke-width="2" fill="none"/>${bulbs}${skyline(r, p, 520)}<rect y="520" width="${W}" height="80" fill="#0b0814"/><path d="M120 520v-40h60v40M560 520v-56h90v56" fill="#05040c"/>`;
  },
  helicopter(r: Rng, p: Palette, id: number) {
    const x = 200 + r() * 300;
    const y = 140 + r() * 80;
    const islands = `M0 470q120-70 260-10q60-40 140 0q140-60 400 20V${H}H0z`;
    const heli = `M${n(x)} ${n(y)}h120q30 0 30 25t-30 25h-90q-30 0-30-25zM${n(x + 150)} ${n(y + 20)}h120v8h-120zM${n(x - 60)} ${n(y - 14)}h260v4h-260zM${n(x + 60)} ${n(y - 14)}v14h6v-14z`;
    return `${sky(p, id)}${stars(r, 24, 200)}${sea(r, p, 480)}<path d="${islands}" fill="#07101a"/><path d="${heli}" fill="#05040c"/><circle cx="${n(x + 10)}" cy="${n(y + 30)}" r="4" fill="#ff4f4f"/>`;
  },
  bottles(r: Rng, p: Palette, id: number) {
    let bottles = "";
    let sparks = "";
    for (let i = 0; i < 6; i++) {
      const x = 90 + i * 115 + r() * 20;
      const h = 150 + r() * 80;
      bottles += `M${n(x)} 500v-${n(h)}q0-30 20-40v-40h16v40q20 10 20 40v${n(h)}z`;
      if (r() > 0.4) {
        for (let s = 0; s < 10; s++) {
          const t = r() * Math.PI - Math.PI;
          sparks += `M${n(x + 28)} ${n(500 - h - 82)}l${n(Math.cos(t) * 40)} ${n(Math.sin(t) * 40)}`;
        }
      }
    }
    return `${sky(p, id)}<ellipse cx="400" cy="360" rx="380" ry="160" fill="${p.glow}" opacity=".28"/><path d="${bottles}" fill="#05040c"/><path d="${sparks}" stroke="${p.light}" stroke-width="2" stroke-linecap="round"/><rect y="500" width="${W}" height="100" fill="#120c1c"/><rect y="500" width="${W}" height="4" fill="${p.glow}" opacity=".7"/>`;
  },
  beach(r: Rng, p: Palette, id: number) {
    let palms = "";
    for (let i = 0; i < 3; i++) {
      const x = 80 + i * 280 + r() * 60;
      palms += `M${n(x)} 520q10-120 30-220h6q-14 100-24 220z`;
      for (let f = 0; f < 5; f++) {
        const a = -Math.PI + (f / 4) * Math.PI;
        palms += `M${n(x + 33)} 300q${n(Math.cos(a) * 50)} ${n(Math.sin(a) * 40 - 20)} ${n(Math.cos(a) * 90)} ${n(Math.sin(a) * 30 + 30)}q${n(-Math.cos(a) * 40)} -20 ${n(-Math.cos(a) * 90)} ${n(-Math.sin(a) * 30 - 30)}z`;
      }
    }
    return `${sky(p, id)}${stars(r, 40, 260)}${moon(r, p)}<rect y="440" width="${W}" height="160" fill="#062a36"/><rect x="140" y="470" width="520" height="70" rx="20" fill="#3fd6d0" opacity=".55"/><path d="${palms}" fill="#030208"/>`;
  },
};

const ALT: Record<string, (colour: string) => string> = {
  club: (c: string) => `Laser beams in ${c} light over a packed dance floor with hands in the air`,
  harbour: (c: string) => `Moonlit harbour at night, city lights reflecting on the sea under a ${c} sky`,
  yacht: (c: string) => `Private yacht with glowing cabin lights anchored under a ${c} night sky`,
  fireworks: (c: string) => `Fireworks bursting over the waterfront skyline on a ${c} night`,
  rooftop: (c: string) => `Rooftop party under strings of warm lights against a ${c} sky`,
  helicopter: (c: string) => `Helicopter flying over the islands at dusk under a ${c} sky`,
  bottles: (c: string) => `Bottle service with sparklers glowing in ${c} light on the bar`,
  beach: (c: string) => `Beach club pool between palm trees under a ${c} moonlit sky`,
};

const photos = (gallery: string) => SERVICES.find((s) => s.gallery === gallery)?.photos ?? 0;
const GALLERIES: Record<string, { count: number; kinds: string[] }> = {
  home: {
    count: HOME_GALLERY_INITIAL + HOME_GALLERY_MORE,
    kinds: ["club", "harbour", "yacht", "fireworks", "rooftop", "helicopter", "bottles", "beach"],
  },
  vip: { count: photos("vip"), kinds: ["club", "bottles", "club", "helicopter", "yacht", "fireworks"] },
  events: { count: photos("events"), kinds: ["rooftop", "yacht", "fireworks", "beach", "club"] },
  concierge: { count: photos("concierge"), kinds: ["harbour", "helicopter", "yacht", "beach"] },
};

const counts: Record<string, number> = {};
let seed = 7;
for (const [gallery, { count, kinds }] of Object.entries(GALLERIES)) {
  const dir = `${root}/assets/gallery/${gallery}`;
  if (!existsSync(dir)) {
    console.error(`npm run art: ${dir} is missing (every gallery's folder is tracked)`);
    process.exit(1);
  }
  const own = new RegExp(`^${gallery}-\\d{2}\\.svg$`);
  // Only this script's earlier output goes (a count that shrank leaves none behind).
  for (const file of await readdir(dir)) if (own.test(file)) await rm(`${dir}/${file}`);
  const existing = JSON.parse(await readFile(`${dir}/alt.json`, "utf8").catch(() => "{}")) as Record<string, string>;
  const alts: Record<string, string> = Object.fromEntries(Object.entries(existing).filter(([file]) => !own.test(file)));
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const p = PALETTES[(i * 5 + Math.floor(i / kinds.length) + gallery.length) % PALETTES.length]!;
    const r = rng(seed++);
    const body = SCENES[kind]!(r, p, i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${body}</svg>\n`;
    const file = `${gallery}-${String(i + 1).padStart(2, "0")}.svg`;
    await writeFile(`${dir}/${file}`, svg);
    alts[file] = ALT[kind]!(p.name);
  }
  const ordered = Object.fromEntries(Object.entries(alts).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(`${dir}/alt.json`, JSON.stringify(ordered, null, 2) + "\n");
  counts[gallery] = count;
}
console.log(
  Object.entries(counts)
    .map(([g, n]) => `${g}: ${n}`)
    .join(", "),
);
