import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createMediaServer } from "./media-serve.server";
import {
  mediaLimits,
  mediaQueue,
  onRenew,
  refreshPublished,
  servedVersion,
  siteChores,
  siteDatabase,
} from "./site.server";

const media = createMediaServer({ sql: siteDatabase });

/** Taken by server/ from the build's entry, so there is one copy per process. */
export const siteServer = {
  answerMedia: media.answer,
  /** Polled (one indexed row) so every replica's page cache, ETags and lastmod follow within SITE_POLL_MS. */
  async watch(renew: () => void): Promise<() => void> {
    onRenew(renew);
    await refreshPublished().catch((error: unknown) =>
      log("warn", "site.poll_failed", { error: (error as { code?: string }).code ?? "error" }),
    );
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      refreshPublished()
        .then((changed) => changed && renew())
        .catch((error: unknown) =>
          log("warn", "site.poll_failed", { error: (error as { code?: string }).code ?? "error" }),
        )
        .finally(() => (busy = false));
    }, env.SITE_POLL_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
  /** Takes up what a stopped process left. */
  startProcessing: () => mediaQueue.kick(),
  useProcessor: mediaQueue.useProcessor,
  useWorker: mediaQueue.useWorker,
  /** The child opens the same database (the same DATABASE_URL, resolved against the same working directory). */
  workerSettings: {
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    maxPixels: mediaLimits.maxPixels,
    concurrency: env.MEDIA_CONCURRENCY,
  },
  stopProcessing: () => mediaQueue.stop(),
  chores: siteChores,
  health: () => ({ ...servedVersion(), processing: mediaQueue.running(), mediaCache: media.stats() }),
};
export type SiteServer = typeof siteServer;
