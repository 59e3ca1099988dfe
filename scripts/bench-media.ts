// The owner's photos measured (decisions 0038, 0043): one 12 MP JPEG judged and processed; in rounds, page p99, /healthz
// and the event-loop delay idle, while twenty photos are processed and while eight ~30 MB are received, each against
// its round's idle; Lighthouse and the budget on a page with a photo beside nginx. Needs a build; BENCH_MEDIA_ROUNDS,
// BENCH_MEDIA_SECONDS, BENCH_MEDIA_PAGE=0 skips the last part.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { judgeUpload } from "../app/site/judge-upload.server";
import { processPhoto } from "../app/site/process-photo.server";
import { acceptOverHttp, linkIn } from "../tests/e2e/ops/staff-helpers";
import { draftPhotos, processed as allProcessed, publishDraft, siteForm, upload } from "../tests/e2e/ops/site-helpers";
import { median, quantile } from "./lib/stats";
import { scratchDir } from "./lib/scratch-dir";
import { serveBuild } from "./lib/serve-build";

const PORT = Number(process.env.BENCH_MEDIA_PORT ?? 3255);
const PHOTOS = 20;
const BODIES = 8;
const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_MEDIA_ROUNDS ?? 3);
const CONNECTIONS = 8;
const PATHS = ["/", "/vip-nightclub-experience", "/hr/event-organization", "/contact", "/healthz"];
const METRICS_TOKEN = "bench-media-metrics";

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

async function ownerOn(database: string, base: string, site: string, email = "owner@example.com") {
  const invited = spawnSync(process.execPath, ["build/staff.js", "invite", email, "--owner"], {
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
  MEDIA_MAX_FILE_MB: "40",
  RATE_LIMIT_MAX: "0",
  METRICS_TOKEN,
});

/** A fresh database whose published VIP gallery opens with one owner's photo (alt texts set, as publish requires). */
async function publishedPhoto(): Promise<string> {
  const database = path.join(scratchDir("bench-media-page"), "site.db");
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

const stopAfter = (seconds: number) => {
  const until = Date.now() + seconds * 1000;
  return () => Date.now() >= until;
};

async function load(base: string, paths: string[], done: () => boolean) {
  const times: Record<string, number[]> = {};
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let n = c; !done(); n++) {
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

/** The server's own figures for the loop, from monitorEventLoopDelay (prom-client's default metrics, 10 ms
 * resolution, so an idle loop reads about 10 ms): each scrape reads what was seen since the one before and resets. */
async function loopDelay(base: string) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, "m").exec(text)?.[1] ?? NaN) * 1000;
  return { maxMs: read("nodejs_eventloop_lag_max_seconds"), p99Ms: read("nodejs_eventloop_lag_p99_seconds") };
}

type Phase = Awaited<ReturnType<typeof load>> & { loopMaxMs: number; loopP99Ms: number };

/** Pages under load while `during` runs (at least `seconds`), with the loop's delay over exactly that window. */
async function phase(base: string, seconds: number, during: Promise<unknown> = Promise.resolve()): Promise<Phase> {
  await loopDelay(base); // resets the server's histogram
  let done = false;
  const ran = Promise.all([during, new Promise((r) => setTimeout(r, seconds * 1000))]).finally(() => (done = true));
  const [pages] = await Promise.all([load(base, PATHS, () => done), ran]);
  const loop = await loopDelay(base);
  return { ...pages, loopMaxMs: loop.maxMs, loopP99Ms: loop.p99Ms };
}

/** Eight phones' worth: each a 12 MP JPEG of about 30 MB (fine noise at quality 100), kept between runs. */
async function thirtyMegabytes(seed: number): Promise<Buffer> {
  const file = path.join(tmpdir(), `bench-media-30mb-${seed}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await sharp({
    create: { width: 4000, height: 3000, channels: 3, noise: { type: "gaussian", mean: 100 + seed * 5, sigma: 40 } },
  } as never)
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toBuffer();
  writeFileSync(file, bytes);
  return bytes;
}

async function round(twenty: Buffer[], eight: Buffer[]) {
  const database = path.join(scratchDir("bench-media"), "site.db");
  const site = `http://localhost:${PORT}`;
  const server = await serveBuild({ port: PORT, env: serverEnv(database, site) });
  try {
    const owner = await ownerOn(database, server.base, site);
    await load(server.base, PATHS, stopAfter(2)); // warm the page cache
    const idle = await phase(server.base, SECONDS);

    const started = performance.now();
    const answer = await upload(
      owner,
      "home",
      twenty.map((bytes, i) => ({ name: `IMG_${1000 + i}.jpg`, bytes })),
    );
    const uploadMs = performance.now() - started;
    if (answer.status !== 303) throw new Error(`upload answered ${answer.status}`);
    const processing = await phase(server.base, SECONDS);
    const busy = ((await (await fetch(`${server.base}/healthz`)).json()) as { site: { processing: number } }).site
      .processing;
    await allProcessed(owner, "home", 600_000);
    const allMs = performance.now() - started;

    // Eight ~30 MB photos at once from three people (three at once a person): received, judged, stored, queued.
    const senders = [owner];
    for (const n of [2, 3]) senders.push(await ownerOn(database, server.base, site, `owner${n}@example.com`));
    const answers: number[] = [];
    const receiving = await phase(
      server.base,
      2,
      Promise.all(
        eight.map(async (bytes, i) => {
          const t = performance.now();
          const sent = await upload(senders[i % senders.length]!, "vip", [{ name: `IMG_${2000 + i}.jpg`, bytes }]);
          if (sent.status !== 303) throw new Error(`a 30 MB upload answered ${sent.status}`);
          answers.push(performance.now() - t);
        }),
      ),
    );
    return { idle, processing, receiving, busy, uploadMs, allMs, eightMs: median(answers) };
  } finally {
    await server.stop();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const processed = await processing();
const twenty = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => twelveMegapixels(i)));
const eight: Buffer[] = [];
for (let i = 0; i < BODIES; i++) eight.push(await thirtyMegabytes(i));
console.log(
  `media bench (${PHOTOS} photos; ${BODIES} bodies of ${(eight[0]!.length / 1e6).toFixed(1)} MB; ${CONNECTIONS} connections, ${SECONDS} s a phase; ${ROUNDS} round(s); this machine)`,
);
console.log(
  `one 12 MP JPEG (${(processed.bytes / 1e6).toFixed(1)} MB): judged ${ms(processed.judgeMs)}, processed ${ms(processed.processMs)} (median of 3; 9 encodings)`,
);
const header = `${"".padEnd(24)}${"pages p50".padEnd(12)}${"pages p99".padEnd(12)}${"healthz p99".padEnd(13)}${"loop max".padEnd(12)}${"loop p99".padEnd(12)}requests  errors`;
const row = (name: string, r: Phase) =>
  `${name.padEnd(24)}${ms(r.pageP50).padEnd(12)}${ms(r.pageP99).padEnd(12)}${ms(r.healthP99).padEnd(13)}${ms(r.loopMaxMs).padEnd(12)}${ms(r.loopP99Ms).padEnd(12)}${String(r.requests).padEnd(10)}${r.errors}`;
const ratios = (r: Phase, idle: Phase) =>
  `page p99 ${(r.pageP99 / idle.pageP99).toFixed(2)}×, loop max ${(r.loopMaxMs / idle.loopMaxMs).toFixed(2)}×, loop p99 ${(r.loopP99Ms / idle.loopP99Ms).toFixed(2)}×`;
const rounds: Awaited<ReturnType<typeof round>>[] = [];
for (let n = 1; n <= ROUNDS; n++) {
  const r = await round(twenty, eight);
  rounds.push(r);
  console.log(
    `round ${n}: upload of ${PHOTOS} answered in ${ms(r.uploadMs)}, all processed after ${(r.allMs / 1000).toFixed(1)} s; each 30 MB upload answered in ${ms(r.eightMs)} (median)`,
  );
  console.log(header);
  console.log(row("idle", r.idle));
  console.log(row(`processing (${r.busy} busy)`, r.processing));
  console.log(row(`receiving ${BODIES} × 30 MB`, r.receiving));
  console.log(`  processing / idle: ${ratios(r.processing, r.idle)}`);
  console.log(`  receiving / idle:  ${ratios(r.receiving, r.idle)}`);
}
if (ROUNDS > 1) {
  const mid = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  const of = (key: "idle" | "processing" | "receiving"): Phase => {
    const m = (k: keyof Phase) => mid((r) => r[key][k]);
    return {
      pageP50: m("pageP50"),
      pageP99: m("pageP99"),
      healthP99: m("healthP99"),
      loopMaxMs: m("loopMaxMs"),
      loopP99Ms: m("loopP99Ms"),
      requests: m("requests"),
      errors: m("errors"),
    };
  };
  console.log(`medians of ${ROUNDS} rounds`);
  console.log(header);
  console.log(row("idle", of("idle")));
  console.log(row("processing", of("processing")));
  console.log(row(`receiving ${BODIES} × 30 MB`, of("receiving")));
  const ratio = (key: "processing" | "receiving", k: "pageP99" | "loopMaxMs" | "loopP99Ms") =>
    mid((r) => r[key][k] / r.idle[k]).toFixed(2);
  for (const key of ["processing", "receiving"] as const)
    console.log(
      `  ${key} / idle (median of the rounds' ratios): page p99 ${ratio(key, "pageP99")}×, loop max ${ratio(key, "loopMaxMs")}×, loop p99 ${ratio(key, "loopP99Ms")}×`,
    );
}

// The page with a real photo: Lighthouse (this build beside nginx on the same bytes, photos included) and the budget.
if (process.env.BENCH_MEDIA_PAGE === "0") process.exit(0);
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
