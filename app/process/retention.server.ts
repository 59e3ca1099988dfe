import { log } from "~/utils/log.server";
import type { Chores } from "~/store/store.server";

/** Retention (ENQUIRY_RETENTION_DAYS, and SPAM_RETENTION_DAYS for the Spam view), the one place it runs: hourly on every replica (the
 * erasure is idempotent), with a channel configured or not (the embedded default has no worker;
 * its enquiries reach the team through the inbox). Returns how many enquiries it erased. */
export function createRetention({
  store,
  retentionMs,
  spamRetentionMs,
}: {
  store: Pick<Chores, "eraseExpired">;
  retentionMs: number;
  /** SPAM_RETENTION_DAYS: caught enquiries never released are erased this long after arrival. */
  spamRetentionMs?: number;
}) {
  return async function eraseExpired(): Promise<number> {
    try {
      const erased = await store.eraseExpired(retentionMs, { spamOlderThanMs: spamRetentionMs });
      if (erased) log("info", "store.purged", { erased, days: retentionMs / 86_400_000 });
      return erased;
    } catch (error) {
      log("warn", "store.purge_failed", { error: (error as { code?: string }).code ?? String(error).slice(0, 200) });
      return 0;
    }
  };
}
