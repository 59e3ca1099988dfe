import { queueHealth } from "./health.server";
import { eraseExpired, openConfiguredStore, startConfiguredDelivery, store } from "./process.server";

/** Taken by server/ from the build's entry, so the process holds one store and one worker. */
export const serverQueue = {
  open: openConfiguredStore,
  health: queueHealth,
  startDelivery: startConfiguredDelivery,
  chores: eraseExpired,
  /** SQLite checkpoints its WAL into the file on close. */
  close: () => store.close(),
};
export type ServerQueue = typeof serverQueue;
