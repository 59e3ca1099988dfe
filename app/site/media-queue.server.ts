import sharp from "sharp";
import { log } from "~/utils/log.server";
import type { Sql } from "~/store/sql.server";
import { claimPhoto, failPhoto, finishPhoto } from "~/store/site-photos.server";
import { processPhoto, type Processed } from "./process-photo.server";

/** What turns an upload's bytes into its encodings: in this process by default; the production
 * server hands it to a child process at the lowest CPU priority (server/media-processor.ts). */
export type Processor = (bytes: Buffer, options: { maxPixels: number }) => Promise<Processed>;

/** A processor that stopped (a crash, a deploy) mid-photo: after this long another takes it. */
const STALE_MS = 5 * 60_000;

/** The processing of accepted uploads, off every request: `concurrency` photos at a time per
 * process (MEDIA_CONCURRENCY, 1 by default), each with one libvips thread (sharp.concurrency),
 * and its encodes one after another, so twenty 12-megapixel photos take one core for a while and
 * leave the other to the pages (docs/performance.md has the figures). The queue is the
 * database's (queued rows), so a photo accepted by one replica may be processed by another, and
 * one left by a crash is taken again (STALE_MS). `kick` wakes it after an upload; a sweep every
 * `sweepMs` finds what others left. */
export function createMediaQueue(options: {
  sql: () => Promise<Sql>;
  concurrency: number;
  maxPixels: number;
  /** A photo finished (ready or failed): the Site section's page shows it at its next look. */
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
    /** Resolves when nothing is being processed (tests, the bench). */
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    running: () => running,
    /** Processing elsewhere from now on (the production server's child process). */
    useProcessor(elsewhere: Processor) {
      processor = elsewhere;
    },
    stop() {
      stopped = true;
      clearInterval(sweep);
    },
  };
}
