import { queueHealth } from "./health.server";
import { eraseExpired, openConfiguredStore, startConfiguredDelivery, store } from "./process.server";

/** What the HTTP server (server/) uses of the process's wiring, taken from the Remix build's
 * entry (app/entry.server.tsx re-exports it), so the process holds one store and one worker: the
 * ones the contact action stores into. */
export const serverQueue = {
  open: openConfiguredStore,
  health: queueHealth,
  startDelivery: startConfiguredDelivery,
  /** Hourly, on every replica: retention; how many enquiries it erased. */
  chores: eraseExpired,
  /** Closes the database at the end of a stop (SQLite checkpoints its WAL into the file). */
  close: () => store.close(),
};
export type ServerQueue = typeof serverQueue;
