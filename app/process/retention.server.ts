import { log } from "~/utils/log.server";
import type { Chores } from "~/store/store.server";

/** Hourly on every replica (the erasure is idempotent), with a worker or not: the embedded default has none. */
export function createRetention({
  store,
  retentionMs,
  spamRetentionMs,
}: {
  store: Pick<Chores, "eraseExpired">;
  retentionMs: number;
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
