import type { Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import { createMediaServer } from "./media-serve.server";
import { childWorker } from "./media-worker.server";
import type { Site } from "./site.server";

/** What server/ does with the Site section: /media/, the version polled into the page cache, processing, purge. */
export function createSiteServer(site: Site, env: Env) {
  const media = createMediaServer({ store: site.store });
  const pollFailed = (error: unknown) =>
    log("warn", "site.poll_failed", { error: (error as { code?: string }).code ?? "error" });
  return {
    answerMedia: media.answer,
    /** Polled (one indexed row) so every replica's page cache, ETags and lastmod follow within SITE_POLL_MS. */
    async watch(renew: () => void): Promise<() => void> {
      site.onRenew(renew);
      await site.refreshPublished().catch(pollFailed);
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        site
          .refreshPublished()
          .then((changed) => changed && renew())
          .catch(pollFailed)
          .finally(() => (busy = false));
      }, env.SITE_POLL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
    /** Takes up what a stopped process left. */
    startProcessing: () => site.mediaQueue.kick(),
    /** Production: the photos to a child at the lowest CPU priority (`workerFile`, server/media-worker.ts's bundle), with
     * its own connection to the same database (the same DATABASE_URL, resolved against the same working directory). */
    useChild(workerFile: string) {
      const child = childWorker(workerFile, {
        databaseUrl: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        maxPixels: site.limits.maxPixels,
        concurrency: env.MEDIA_CONCURRENCY,
      });
      site.mediaQueue.useWorker(child);
      return child;
    },
    stopProcessing: () => site.mediaQueue.stop(),
    chores: site.chores,
    health: () => ({ ...site.servedVersion(), processing: site.mediaQueue.running(), mediaCache: media.stats() }),
  };
}
