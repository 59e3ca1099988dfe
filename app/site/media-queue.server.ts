import { log } from "~/utils/log.server";
import type { SitePart } from "~/store/site-part.server";
import type { NewPhoto } from "~/store/site-photos.server";
import { processPhoto, type Processed } from "./process-photo.server";

/** Tests hand it a stand-in; production hands the whole queue to a child (below). */
export type Processor = (bytes: Buffer, options: { maxPixels: number }) => Promise<Processed>;

/** A process of its own, with its own connection, that stores the uploads' sources and claims, processes and stores
 * the photos (media-worker.server.ts): the multi-MB reads and writes never run on the server's loop
 * (docs/decisions/0043-photo-work-off-the-event-loop.md). */
export type MediaWorker = {
  kick(): void;
  /** Whether its process is up (it starts with the first message). */
  alive(): boolean;
  store(photos: readonly NewPhoto[]): Promise<void>;
  running(): number;
  idle(): Promise<void>;
  stop(): void;
};

/** After this long, a photo left mid-way by a crash or a deploy is taken by another. */
const STALE_MS = 5 * 60_000;

/** Encodes in turn, on one libvips thread (./sharp.server.ts): a big upload takes one core and leaves the other to
 * the pages (docs/performance.md). The queue is the database's, so any replica may process a photo. */
export function createMediaQueue(options: {
  store: Pick<SitePart, "photoWaiting" | "claimPhoto" | "finishPhoto" | "failPhoto" | "insertPhotos">;
  concurrency: number;
  maxPixels: number;
  done?: (id: string, outcome: "ready" | "failed") => void;
  /** Told each time the number of photos in hand changes (the child reports it to the server). */
  running?: (count: number) => void;
  sweepMs?: number;
  staleMs?: number;
}) {
  const staleMs = options.staleMs ?? STALE_MS;
  let processor: Processor = processPhoto;
  let worker: MediaWorker | undefined;
  let running = 0;
  let stopped = false;
  const idle: (() => void)[] = [];
  const counted = (step: number) => {
    running += step;
    options.running?.(running);
  };

  async function work() {
    counted(1);
    try {
      const part = options.store;
      for (;;) {
        if (stopped) return;
        const now = Date.now();
        const claimed = await part.claimPhoto(new Date(now).toISOString(), new Date(now - staleMs).toISOString());
        if (!claimed) return;
        const started = performance.now();
        try {
          const made = await processor(claimed.source, { maxPixels: options.maxPixels });
          await part.finishPhoto(claimed.id, made, made.files);
          log("info", "site.photo_processed", {
            id: claimed.id,
            ms: Math.round(performance.now() - started),
            files: made.files.length,
          });
          options.done?.(claimed.id, "ready");
        } catch (error) {
          // It passed the upload's checks but did not decode whole: the owner is told.
          await part.failPhoto(claimed.id, "undecodable").catch(() => {});
          log("warn", "site.photo_failed", { id: claimed.id, error: String(error).slice(0, 200) });
          options.done?.(claimed.id, "failed");
        }
      }
    } catch (error) {
      log("warn", "site.queue_unavailable", {
        error: (error as { code?: string }).code ?? String(error).slice(0, 200),
      });
    } finally {
      counted(-1);
      if (running === 0) idle.splice(0).forEach((resolve) => resolve());
    }
  }

  /** An idle server starts no child (a process and its libvips, about 100 MB): one indexed read first. A read that
   * fails starts it, as before; once up, the child sweeps on its own. */
  async function wake(child: MediaWorker) {
    if (!child.alive() && !(await options.store.photoWaiting().catch(() => true))) return;
    if (!stopped) child.kick();
  }

  // The sweep starts with the first kick (the server's start, or an upload), never when the queue is made.
  let sweep: NodeJS.Timeout | undefined;
  const kick = () => {
    if (!stopped && !sweep) {
      sweep = setInterval(kick, options.sweepMs ?? 30_000);
      sweep.unref();
    }
    if (worker) return void (stopped || wake(worker));
    while (!stopped && running < options.concurrency) void work();
  };

  return {
    kick,
    /** A new upload's photos, queued: written by the child when there is one. */
    async store(photos: readonly NewPhoto[]): Promise<void> {
      if (worker) await worker.store(photos);
      else await options.store.insertPhotos(photos);
    },
    idle: () =>
      worker ? worker.idle() : running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)),
    running: () => (worker ? worker.running() : running),
    useProcessor(elsewhere: Processor) {
      processor = elsewhere;
    },
    /** From now on the child stores, claims, processes and finishes; this process only asks and hears back. */
    useWorker(child: MediaWorker) {
      worker = child;
    },
    stop() {
      stopped = true;
      clearInterval(sweep);
    },
  };
}
