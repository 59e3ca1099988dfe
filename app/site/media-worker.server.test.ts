// The media child as production runs it, on both databases: the server's store never holds a photo's bytes.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMediaQueue } from "./media-queue.server";
import { migrate } from "~/store/migrate.server";
import { createPostgres } from "~/store/postgres.server";
import { sitePartOf } from "~/store/site-part.server";
import { mediaFile, photosByIds, type NewPhoto } from "~/store/site-photos.server";
import type { Queryable, Sql } from "~/store/sql.server";
import { createSqlite } from "~/store/sqlite.server";
import { postgresForTests, sharedPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { PROCESS_OF_ITS_OWN } from "../../scripts/build-server";
import { childWorker, type WorkerSettings } from "./media-worker.server";

const dir = mkdtempSync(path.join(tmpdir(), "media-worker-"));
// The child as production starts it: bundled as `npm run build:server` bundles it, so no child compiles TypeScript.
// Beside node_modules, where its native packages resolve.
const cache = fileURLToPath(new URL("../../node_modules/.cache/", import.meta.url));
mkdirSync(cache, { recursive: true });
const bundles = mkdtempSync(path.join(cache, "media-worker-"));
const WORKER = path.join(bundles, "media-worker.mjs");
beforeAll(() =>
  build({
    entryPoints: [fileURLToPath(new URL("../../server/media-worker.ts", import.meta.url))],
    outfile: WORKER,
    ...PROCESS_OF_ITS_OWN,
  }),
);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundles, { recursive: true, force: true });
});

/** Every value this process's store is handed, so a test can say no photo's bytes were among them. */
function recording(sql: Sql) {
  const values: unknown[] = [];
  const watch = (q: Queryable): Queryable => ({
    all: (text, v) => (values.push(...(v ?? [])), q.all(text, v)),
    run: (text, v) => (values.push(...(v ?? [])), q.run(text, v)),
    exec: (script) => q.exec(script),
  });
  const watched: Sql = { ...sql, ...watch(sql), transaction: (work) => sql.transaction((tx) => work(watch(tx))) };
  return { sql: watched, bytesHanded: () => values.filter((v) => v instanceof Uint8Array).length };
}

/** A flat photo encodes in milliseconds; a noisy one keeps the child busy long enough to be killed mid-way. */
const photo = (width: number, height: number, { noisy = false } = {}) =>
  sharp({
    create: noisy
      ? { width, height, channels: 3, noise: { type: "gaussian", mean: 120, sigma: 30 } }
      : { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } },
  } as never)
    .jpeg({ quality: 90 })
    .toBuffer();

const newPhoto = (source: Buffer): NewPhoto => ({
  id: randomUUID(),
  gallery: "vip",
  by: "owner@example.com",
  fileName: "IMG_1.jpg",
  source,
});

function queueWith(sql: Sql, settings: WorkerSettings | undefined) {
  const finished = new Map<string, (outcome: string) => void>();
  const outcome = (id: string) => new Promise<string>((resolve) => finished.set(id, resolve));
  const done = (id: string, result: string) => finished.get(id)?.(result);
  const queue = createMediaQueue({ store: sitePartOf(sql, async () => {}), concurrency: 1, maxPixels: 50e6, done });
  const worker = settings && childWorker(WORKER, settings, { done });
  if (worker) queue.useWorker(worker);
  return {
    queue,
    worker,
    outcome,
    stop() {
      queue.stop();
      worker?.stop();
    },
  };
}

const settingsFor = (databaseUrl: string, more: Partial<WorkerSettings> = {}): WorkerSettings => ({
  databaseUrl,
  poolMax: 2,
  maxPixels: 50e6,
  concurrency: 1,
  ...more,
});

function workerContract(name: string, open: () => Promise<{ sql: Sql; url: string }>) {
  it(`${name}: the child stores and processes; the server's store is never handed a byte of the photo`, async () => {
    const { sql, url } = await open();
    const main = recording(sql);
    const { queue, outcome, stop } = queueWith(main.sql, settingsFor(url));
    try {
      const p = newPhoto(await photo(800, 600));
      const ready = outcome(p.id);
      await queue.store([p]);
      queue.kick();
      expect(await ready).toBe("ready");
      const [row] = await photosByIds(sql, [p.id]);
      expect(row).toMatchObject({ status: "ready", width: 800, height: 600 });
      for (const width of row!.widths!) expect(await mediaFile(sql, `${row!.mediaKey}-${width}.avif`)).toBeDefined();
      expect(main.bytesHanded()).toBe(0);
      await queue.idle();
      expect(queue.running()).toBe(0);
    } finally {
      stop();
    }
  }, 60_000);

  it(`${name}: an idle server starts no child; the first upload starts it`, async () => {
    const { sql, url } = await open();
    const { queue, worker, outcome, stop } = queueWith(sql, settingsFor(url));
    try {
      queue.kick();
      await new Promise((r) => setTimeout(r, 300));
      expect(worker!.pid()).toBeUndefined();
      const p = newPhoto(await photo(640, 480));
      const ready = outcome(p.id);
      await queue.store([p]);
      expect(worker!.pid()).toBeGreaterThan(0);
      queue.kick();
      expect(await ready).toBe("ready");
    } finally {
      stop();
    }
  }, 60_000);

  it(`${name}: a temporary folder that cannot be written: the source goes in the message, the upload is stored`, async () => {
    const { sql, url } = await open();
    const { queue, outcome, stop } = queueWith(sql, settingsFor(url));
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = path.join(dir, "not-there", "at-all");
    try {
      const p = newPhoto(await photo(640, 480));
      const ready = outcome(p.id);
      await queue.store([p]);
      queue.kick();
      expect(await ready).toBe("ready");
      expect((await photosByIds(sql, [p.id]))[0]).toMatchObject({ status: "ready", width: 640, height: 480 });
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      stop();
    }
  }, 60_000);

  it(`${name}: once stored, the source leaves the temporary folder even if the child stops before removing it`, async () => {
    const { sql, url } = await open();
    const { queue, worker, stop } = queueWith(sql, settingsFor(url));
    const tmp = process.env.TMPDIR;
    const spools = mkdtempSync(path.join(dir, "tmp-"));
    process.env.TMPDIR = spools;
    const left = () =>
      readdirSync(spools)
        .filter((d) => d.startsWith("site-uploads-"))
        .flatMap((d) => readdirSync(path.join(spools, d)));
    try {
      await queue.store([newPhoto(await photo(640, 480))]);
      process.kill(worker!.pid()!, "SIGSTOP");
      const until = Date.now() + 5_000;
      while (left().length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(left()).toEqual([]);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      const pid = worker!.pid();
      if (pid) process.kill(pid, "SIGCONT");
      stop();
    }
  }, 60_000);

  it(`${name}: without the child (npm run dev, tests) the same queue stores and processes in this process`, async () => {
    const { sql } = await open();
    const main = recording(sql);
    const { queue, outcome, stop } = queueWith(main.sql, undefined);
    try {
      const p = newPhoto(await photo(800, 600));
      const ready = outcome(p.id);
      await queue.store([p]);
      queue.kick();
      expect(await ready).toBe("ready");
      // The recorder sees bytes when they pass through this process: the source, then the encodings.
      expect(main.bytesHanded()).toBeGreaterThan(1);
    } finally {
      stop();
    }
  }, 60_000);

  it(`${name}: a child killed mid-way leaves its photo, taken again after the stale time, stored once`, async () => {
    const { sql, url } = await open();
    const first = queueWith(sql, settingsFor(url));
    const p = newPhoto(await photo(1200, 900, { noisy: true }));
    await first.queue.store([p]);
    first.queue.kick();
    const until = Date.now() + 20_000;
    while ((await photosByIds(sql, [p.id]))[0]?.status !== "processing" && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    process.kill(first.worker!.pid()!, "SIGKILL");
    first.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect((await photosByIds(sql, [p.id]))[0]?.status).toBe("processing");

    const second = queueWith(sql, settingsFor(url, { staleMs: 1_000, sweepMs: 250 }));
    try {
      const ready = second.outcome(p.id);
      second.queue.kick();
      expect(await ready).toBe("ready");
      const [row] = await photosByIds(sql, [p.id]);
      expect(row).toMatchObject({ status: "ready", width: 1200, height: 900 });
      const [count] = await sql.all<{ n: number | string }>(
        "SELECT count(*) AS n FROM site_media WHERE media_key = $1",
        [row!.mediaKey],
      );
      expect(Number(count!.n)).toBe(row!.widths!.length * 2 + 1);
    } finally {
      second.stop();
    }
  }, 90_000);
}

describe("the media child on SQLite", () => {
  let n = 0;
  workerContract("SQLite", async () => {
    const file = path.join(dir, `site-${++n}.db`);
    const sql = createSqlite(file);
    await migrate(sql);
    return { sql, url: `file:${file}` };
  });
});

describe.runIf(postgresForTests("the media child on PostgreSQL"))("the media child on a throwaway PostgreSQL", () => {
  let cluster: PgCluster | undefined;
  const opened: Sql[] = [];
  let n = 0;
  afterAll(async () => {
    for (const sql of opened) await sql.close();
    cluster?.remove();
  });
  workerContract("PostgreSQL", async () => {
    cluster ??= await sharedPgCluster(inject("pgFolder"));
    const url = cluster.createDatabase(`media_worker_${++n}`);
    const sql = createPostgres(url);
    opened.push(sql);
    await migrate(sql);
    return { sql, url };
  });
});
