// A child of the server at the lowest CPU priority (server/media-processor.ts); bundled as build/media-worker.js. It
// opens the site's database itself, so the sources and the encodings are read and written here, never on the server's
// loop (docs/decisions/0043-photo-work-off-the-event-loop.md).
import { readFile, rm } from "node:fs/promises";
import { createMediaQueue } from "~/site/media-queue.server";
import { databaseOf } from "~/store/open-store.server";
import { createPostgres } from "~/store/postgres.server";
import { insertPhotos } from "~/store/site-photos.server";
import type { Sql } from "~/store/sql.server";
import { createSqlite } from "~/store/sqlite.server";
import { errorCode } from "~/store/sql.server";
import type { FromWorker, ToWorker, WorkerSettings } from "./media-processor";

const tell = (message: FromWorker) => process.send?.(message);

function begin(settings: WorkerSettings) {
  const database = databaseOf(settings.databaseUrl);
  // Two connections at most: one photo is processed at a time, and one upload stored beside it.
  const sql: Sql =
    database.dialect === "sqlite"
      ? createSqlite(database.file)
      : createPostgres(database.url, { poolMax: Math.min(2, settings.poolMax) });
  const queue = createMediaQueue({
    sql: async () => sql,
    concurrency: settings.concurrency,
    maxPixels: settings.maxPixels,
    staleMs: settings.staleMs,
    sweepMs: settings.sweepMs,
    done: (id, outcome) => tell({ type: "done", id, outcome }),
    running: (count) => tell({ type: "running", count }),
  });

  async function store(job: Extract<ToWorker, { type: "store" }>) {
    try {
      const photos = await Promise.all(
        job.photos.map(async ({ file, ...p }) => ({ ...p, source: await readFile(file) })),
      );
      await insertPhotos(sql, photos);
      tell({ type: "stored", ref: job.ref });
      queue.kick();
    } catch (error) {
      tell({ type: "stored", ref: job.ref, error: errorCode(error) });
    } finally {
      await Promise.all(job.photos.map((p) => rm(p.file, { force: true })));
    }
  }

  process.on("message", (message: ToWorker) => {
    if (message.type === "kick") queue.kick();
    else if (message.type === "store") void store(message);
  });
  process.on("disconnect", () => {
    queue.stop();
    void sql
      .close()
      .catch(() => {})
      .then(() => process.exit(0));
  });
  queue.kick();
}

process.once("message", (message: ToWorker) => {
  if (message.type === "start") begin(message.settings);
});
