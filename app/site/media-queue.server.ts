import sharp from "sharp";
import { log } from "~/utils/log.server";
import type { Sql } from "~/store/sql.server";
import { claimPhoto, failPhoto, finishPhoto } from "~/store/site-photos.server";
import { processPhoto, type Processed } from "./process-photo.server";

/** Production hands it to a child process at the lowest CPU priority (server/media-processor.ts). */
export type Processor = (bytes: Buffer, options: { maxPixels: number }) => Promise<Processed>;

/** After this long, a photo left mid-way by a crash or a deploy is taken by another. */
const STALE_MS = 5 * 60_000;

/** One libvips thread, encodes in turn: a big upload takes one core and leaves the other to the pages
 * (docs/performance.md). The queue is the database's, so any replica may process a photo. */
export function createMediaQueue(options: {
  sql: () => Promise<Sql>;
  concurrency: number;
  maxPixels: number;
  done?: (id: string, outcome: "ready" | "failed") => void;
  sweepMs?: number;
}) {
  sharp.concurrency(1);
  let processor: Processor = processPhoto;
  let running = 0;
  let stopped = false;
  const idle: (() => void)[] = [];

  async function work() {
    running++;
    try {
      const sql = await options.sql();
      for (;;) {
        if (stopped) return;
        const now = Date.now();
        const claimed = await claimPhoto(sql, new Date(now).toISOString(), new Date(now - STALE_MS).toISOString());
        if (!claimed) return;
        const started = performance.now();
        try {
          const made = await processor(claimed.source, { maxPixels: options.maxPixels });
          await finishPhoto(sql, claimed.id, made, made.files);
          log("info", "site.photo_processed", {
            id: claimed.id,
            ms: Math.round(performance.now() - started),
            files: made.files.length,
          });
          options.done?.(claimed.id, "ready");
        } catch (error) {
          // It passed the upload's checks but did not decode whole: the owner is told.
          await failPhoto(sql, claimed.id, "undecodable").catch(() => {});
          log("warn", "site.photo_failed", { id: claimed.id, error: String(error).slice(0, 200) });
          options.done?.(claimed.id, "failed");
        }
      }
    } catch (error) {
      log("warn", "site.queue_unavailable", {
        error: (error as { code?: string }).code ?? String(error).slice(0, 200),
      });
    } finally {
      running--;
      if (running === 0) idle.splice(0).forEach((resolve) => resolve());
    }
  }

  const kick = () => {
    while (!stopped && running < options.concurrency) void work();
  };
  const sweep = setInterval(kick, options.sweepMs ?? 30_000);
  sweep.unref();

  return {
    kick,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    running: () => running,
    useProcessor(elsewhere: Processor) {
      processor = elsewhere;
    },
    stop() {
      stopped = true;
      clearInterval(sweep);
    },
  };
}
