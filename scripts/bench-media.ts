// The owner's photos measured (decision 0038), figures not a test: judging and processing one 12 MP JPEG, page p99 and
// /healthz idle and while twenty are processed, then Lighthouse and the budget on a page with a published photo,
// beside nginx serving the same bytes. Usage: npm run bench:media (needs a build).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { judgeUpload } from "../app/site/judge-upload.server";
import { processPhoto } from "../app/site/process-photo.server";
import { acceptOverHttp, linkIn } from "../tests/e2e/ops/staff-helpers";
import { draftPhotos, processed as allProcessed, publishDraft, siteForm, upload } from "../tests/e2e/ops/site-helpers";
import { median, quantile } from "./lib/stats";
import { serveBuild } from "./lib/serve-build";

const PORT = Number(process.env.BENCH_MEDIA_PORT ?? 3255);
const PHOTOS = 20;
const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 8);
const CONNECTIONS = 8;

async function twelveMegapixels(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: { width: 1000, height: 750, channels: 3, noise: { type: "gaussian", mean: 120 + seed, sigma: 30 } },
  } as never)
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(4000, 3000)
    .modulate({ hue: seed * 17 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A camera-like photo: smooth light with fine grain, not noise, so it compresses as a real one does. */
async function realisticPhoto(): Promise<Buffer> {
  const grain = await sharp({
    create: { width: 600, height: 400, channels: 3, noise: { type: "gaussian", mean: 110, sigma: 18 } },
  } as never)
    .png()
    .toBuffer();
  return sharp(grain)
    .blur(2)
    .resize(3000, 2000)
    .modulate({ hue: 200, saturation: 1.6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function ownerOn(database: string, base: string, site: string) {
  const invited = spawnSync(process.execPath, ["build/staff.js", "invite", "owner@example.com", "--owner"], {
    env: { ...process.env, DATABASE_URL: `file:${database}`, PUBLIC_SITE_URL: site },
    encoding: "utf8",
  });
  const accepted = await acceptOverHttp({ base, site }, linkIn(invited.stdout));
  return { base, cookie: accepted.cookie! };
}

const serverEnv = (database: string, site: string) => ({
  DATABASE_URL: `file:${database}`,
  PUBLIC_SITE_URL: site,
  COOKIE_SECURE: "false",
  MEDIA_MAX_UPLOAD_MB: "200",
  RATE_LIMIT_MAX: "0",
});

/** A fresh database whose published VIP gallery opens with one owner's photo (alt texts set, as publish requires). */
async function publishedPhoto(): Promise<string> {
  const database = path.join(mkdtempSync(path.join(tmpdir(), "bench-media-page-")), "site.db");
  const site = `http://localhost:${PORT}`;
  const server = await serveBuild({ port: PORT, env: serverEnv(database, site) });
  try {
    const owner = await ownerOn(database, server.base, site);
    const answer = await upload(owner, "vip", [{ name: "IMG_2000.jpg", bytes: await realisticPhoto() }]);
    if (answer.status !== 303) throw new Error(`upload answered ${answer.status}`);
    await allProcessed(owner, "vip", 120_000);
    for (const photo of await draftPhotos(owner, "vip"))
      await siteForm(owner, "/staff/site/vip", {
        intent: "alt",
        photo,
        alt_en: "Guests at a VIP table in Split",
        alt_hr: "Gosti za VIP stolom u Splitu",
      });
    const published = await publishDraft(owner);
    if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  } finally {
    await server.stop();
  }
  return database;
}

async function processing() {
  sharp.concurrency(1);
  const photo = await twelveMegapixels(0);
  const judge: number[] = [];
  const process: number[] = [];
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    await judgeUpload(photo, { maxBytes: 50e6, maxPixels: 50e6 });
    judge.push(performance.now() - t);
    t = performance.now();
    await processPhoto(photo, { maxPixels: 50e6 });
    process.push(performance.now() - t);
  }
  return { bytes: photo.length, judgeMs: median(judge), processMs: median(process) };
}

async function load(base: string, paths: string[], seconds: number) {
  const times: Record<string, number[]> = {};
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let n = c; Date.now() < until; n++) {
        const p = paths[n % paths.length]!;
        const t = performance.now();
        const res = await fetch(base + p, { headers: { "accept-encoding": "br" } }).catch(() => undefined);
        if (!res?.ok) errors++;
        await res?.arrayBuffer();
        (times[p] ??= []).push(performance.now() - t);
      }
    }),
  );
  const pages = Object.entries(times)
    .filter(([p]) => p !== "/healthz")
    .flatMap(([, t]) => t);
  const health = times["/healthz"] ?? [];
  return {
    requests: pages.length + health.length,
    pageP50: median(pages),
    pageP99: quantile(pages, 0.99),
    healthP99: quantile(health, 0.99),
    errors,
  };
}

const processed = await processing();
const dir = mkdtempSync(path.join(tmpdir(), "bench-media-"));
const database = path.join(dir, "site.db");
const site = `http://localhost:${PORT}`;
const server = await serveBuild({ port: PORT, env: serverEnv(database, site) });
try {
  const owner = await ownerOn(database, server.base, site);
  const paths = ["/", "/vip-nightclub-experience", "/hr/event-organization", "/contact", "/healthz"];
  await load(server.base, paths, 2); // warm the page cache
  const idle = await load(server.base, paths, SECONDS);

  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => twelveMegapixels(i)));
  const started = performance.now();
  const answer = await upload(
    owner,
    "home",
    photos.map((bytes, i) => ({ name: `IMG_${1000 + i}.jpg`, bytes })),
  );
  const uploadMs = performance.now() - started;
  if (answer.status !== 303) throw new Error(`upload answered ${answer.status}`);
  const busy = await load(server.base, paths, SECONDS);
  let health = (await (await fetch(`${server.base}/healthz`)).json()) as { site: { processing: number } };
  const busyAtEnd = health.site.processing;
  for (;;) {
    const html = await (await fetch(`${server.base}/staff/site/home`, { headers: { cookie: owner.cookie } })).text();
    if (!html.includes('http-equiv="refresh"')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const allMs = performance.now() - started;
  health = (await (await fetch(`${server.base}/healthz`)).json()) as { site: { processing: number } };

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`media bench (${PHOTOS} photos, ${CONNECTIONS} connections, ${SECONDS} s a phase, this machine)`);
  console.log(
    `one 12 MP JPEG (${(processed.bytes / 1e6).toFixed(1)} MB): judged ${ms(processed.judgeMs)}, processed ${ms(processed.processMs)} (median of 3; 9 encodings)`,
  );
  console.log(
    `upload of ${PHOTOS} (judged, stored, queued) answered in ${ms(uploadMs)}; all processed after ${(allMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `${"".padEnd(22)}${"pages p50".padEnd(12)}${"pages p99".padEnd(12)}${"healthz p99".padEnd(13)}requests  errors`,
  );
  for (const [name, r] of [
    ["idle", idle],
    [`processing (${busyAtEnd} busy)`, busy],
  ] as const)
    console.log(
      `${name.padEnd(22)}${ms(r.pageP50).padEnd(12)}${ms(r.pageP99).padEnd(12)}${ms(r.healthP99).padEnd(13)}${String(r.requests).padEnd(10)}${r.errors}`,
    );
  console.log(`p99 while processing / idle: ${(busy.pageP99 / idle.pageP99).toFixed(2)}×`);
} finally {
  await server.stop();
}

// The page with a real photo: Lighthouse (this build beside nginx on the same bytes, photos included) and the budget.
const withPhoto = await publishedPhoto();
const measured = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync("node_modules/.bin/tsx", [script, ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
measured("scripts/lighthouse.ts", ["mobile", "/vip-nightclub-experience", "/", "--runs=3"], {
  LIGHTHOUSE_DATABASE_URL: `file:${withPhoto}`,
});
measured("scripts/budget.ts", [], { BUDGET_DATABASE_URL: `file:${withPhoto}` });
