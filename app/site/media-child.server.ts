import { readdirSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { setPriority } from "node:os";
import { createMediaQueue } from "./media-queue.server";
import { processPhoto } from "./process-photo.server";
import { openSitePart } from "~/store/site-part.server";
import { errorCode } from "~/store/sql.server";
import type { FromWorker, ToWorker, WorkerSettings } from "./media-worker.server";

const tell = (message: FromWorker) => process.send?.(message);

/** Nice is per thread on Linux: libuv's pool goes to 19, this thread (the write lock) keeps the server's priority. */
function encodeAtLowestPriority() {
  try {
    for (const task of readdirSync("/proc/self/task")) if (Number(task) !== process.pid) setPriority(Number(task), 19);
  } catch {
    try {
      setPriority(process.pid, 19);
    } catch {
      // Not allowed here: encoded at the server's priority.
    }
  }
}

function begin(settings: WorkerSettings) {
  const { site, close } = openSitePart(settings.databaseUrl, settings.poolMax);
  const queue = createMediaQueue({
    store: site,
    concurrency: settings.concurrency,
    maxPixels: settings.maxPixels,
    staleMs: settings.staleMs,
    sweepMs: settings.sweepMs,
    done: (id, outcome) => tell({ type: "done", id, outcome }),
    running: (count) => tell({ type: "running", count }),
  });

  queue.useProcessor((bytes, options) => {
    encodeAtLowestPriority(); // any thread started since
    return processPhoto(bytes, options);
  });

  async function store(job: Extract<ToWorker, { type: "store" }>) {
    try {
      const photos = await Promise.all(
        job.photos.map(async ({ file, source, ...p }) => ({
          ...p,
          source: file ? await readFile(file) : Buffer.from(source!.buffer, source!.byteOffset, source!.byteLength),
        })),
      );
      await site.insertPhotos(photos);
      tell({ type: "stored", ref: job.ref });
      queue.kick();
    } catch (error) {
      tell({ type: "stored", ref: job.ref, error: errorCode(error) });
    } finally {
      await Promise.all(job.photos.map((p) => p.file && rm(p.file, { force: true })));
    }
  }

  // Nothing is claimed before the encoding threads are lowered; what arrives meanwhile waits for it.
  const lowered = stat(".")
    .catch(() => undefined)
    .then(encodeAtLowestPriority); // libuv's pool exists once a file call ran
  process.on("message", (message: ToWorker) => {
    void lowered.then(() => {
      if (message.type === "kick") queue.kick();
      else if (message.type === "store") void store(message);
    });
  });
  process.on("disconnect", () => {
    queue.stop();
    void close()
      .catch(() => {})
      .then(() => process.exit(0));
  });
  void lowered.then(queue.kick);
}

/** The server's photo child: its own connection keeps the photos' bytes off the server's loop (decision 0043). */
export function runMediaChild() {
  process.once("message", (message: ToWorker) => {
    if (message.type === "start") begin(message.settings);
  });
}
