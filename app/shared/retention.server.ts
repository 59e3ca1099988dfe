import { log } from "~/utils/log.server";
import type { Chores } from "~/store/store.server";

/** Retention (ENQUIRY_RETENTION_DAYS), the one place it runs: hourly on every replica (the
 * erasure is idempotent), with a channel configured or not (the embedded default has no worker;
 * its enquiries reach the team through the inbox). Returns how many enquiries it erased. */
export function createRetention({ store, retentionMs }: { store: Pick<Chores, "eraseExpired">; retentionMs: number }) {
  return async function eraseExpired(): Promise<number> {
    try {
      const erased = await store.eraseExpired(retentionMs);
      if (erased) log("info", "store.purged", { erased, days: retentionMs / 86_400_000 });
      return erased;
    } catch (error) {
      log("warn", "store.purge_failed", { error: (error as { code?: string }).code ?? String(error).slice(0, 200) });
      return 0;
    }
  };
}
