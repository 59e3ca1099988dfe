import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createMediaServer } from "./media-serve.server";
import { mediaQueue, onRenew, refreshPublished, servedVersion, siteChores, siteDatabase } from "./site.server";

const media = createMediaServer({ sql: siteDatabase });

/** What the HTTP server (server/) uses of the owner's site, taken from the build's entry (one
 * copy per process): the media files, the published version's watch, the processing queue. */
export const siteServer = {
  answerMedia: media.answer,
  /** Looks for a newly published version every SITE_POLL_MS (one indexed row) and calls
   * `renew` once this process serves it, so the page cache (and with it ETags, the sitemap's
   * lastmod) follows on every replica within about that long. The first look is awaited. */
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
  /** Starts processing what waits (uploads a stopped process left), and wakes every sweep. */
  startProcessing: () => mediaQueue.kick(),
  /** Where photos are processed (server/index.ts gives a child process in production). */
  useProcessor: mediaQueue.useProcessor,
  stopProcessing: () => mediaQueue.stop(),
  /** Hourly: photos past their restore period, unused encodings, old previews. */
  chores: siteChores,
  /** For /healthz: the published version served here, photos processing, media cache. */
  health: () => ({ ...servedVersion(), processing: mediaQueue.running(), mediaCache: media.stats() }),
};
export type SiteServer = typeof siteServer;
