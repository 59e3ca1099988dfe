// The delivery side of the process: the store opened at start, the worker, acceptance, each channel's state.
import type { DeliveryChannel } from "~/delivery/transport.server";
import { startDelivery, type DeliveryWorker } from "~/delivery/worker.server";
import { importOutbox, outboxHasEntries } from "~/store/import-outbox.server";
import { errorCode } from "~/store/sql.server";
import { StoreRefusal, type ChannelState, type EnquiryStore } from "~/store/store.server";
import type { Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import { sharedForASecond } from "~/utils/shared-for-a-second";

export function createQueue({
  env,
  store,
  channels,
}: {
  env: Env;
  store: EnquiryStore;
  channels: readonly DeliveryChannel[];
}) {
  const channelNames = channels.map((c) => c.name);
  let acceptance: { ok: true } | { ok: false; code: string } = { ok: true };
  let lastCheck: { at: number; run: Promise<void> } | undefined;
  let delivery: DeliveryWorker | undefined;

  const writeCheck = (): Promise<void> =>
    store.writeCheck().then(
      () => {
        acceptance = { ok: true };
      },
      (error: unknown) => {
        acceptance = { ok: false, code: errorCode(error) };
      },
    );

  const notedStates = sharedForASecond(async () => {
    const noted = await store.channelStates();
    return channelNames.map((name) => noted.find((s) => s.channel === name) ?? { channel: name, failures: 0 });
  });

  return {
    channelNames,
    noteAcceptance(error?: unknown) {
      acceptance = error === undefined ? { ok: true } : { ok: false, code: errorCode(error) };
    },
    /** A small write at most once a second: a read-only or full volume is seen before a visitor meets it. */
    async checkAcceptance(now: number): Promise<typeof acceptance> {
      if (!lastCheck || now - lastCheck.at >= 1_000) lastCheck = { at: now, run: writeCheck() };
      await lastCheck.run;
      return acceptance;
    },
    channelStates: (now = Date.now()): Promise<ChannelState[]> =>
      channels.length === 0 ? Promise.resolve([]) : notedStates(now),
    deliveryProblems: (): string[] => delivery?.problems() ?? [],

    /** A file that is not this site's database refuses the start; one that cannot be reached now does not (pages
     * still serve). */
    async open(): Promise<{ refused: string } | undefined> {
      try {
        await store.prepare();
      } catch (error) {
        if (error instanceof StoreRefusal) return { refused: error.message };
        log("error", "store.unavailable", { store: store.where, error: errorCode(error) });
        return undefined;
      }
      if (await outboxHasEntries(env.OUTBOX_DIR)) await moveOutboxIn(env.OUTBOX_DIR, store);
      return undefined;
    },

    /** Without a channel (the embedded default) enquiries stay pending for the inbox. */
    startDelivery(): DeliveryWorker | undefined {
      if (channels.length === 0) return undefined;
      delivery = startDelivery({
        store,
        channels,
        backoff: { baseMs: env.OUTBOX_RETRY_BASE_MS, maxMs: env.OUTBOX_RETRY_MAX_MS },
        probeBackoff: {
          baseMs: env.OUTBOX_RETRY_BASE_MS,
          maxMs: Math.min(env.OUTBOX_PROBE_MAX_MS, env.OUTBOX_RETRY_MAX_MS),
        },
        giveUpAfterMs: env.OUTBOX_GIVE_UP_HOURS * 3_600_000,
        pollMs: env.OUTBOX_POLL_MS,
      });
      return delivery;
    },
  };
}
export type Queue = ReturnType<typeof createQueue>;

async function moveOutboxIn(dir: string, store: EnquiryStore) {
  try {
    const result = await importOutbox(dir, store);
    log("info", "store.outbox_imported", {
      from: dir,
      into: store.where,
      ...result,
      message: `the outbox folder of an earlier version was moved into the database; its files are kept in ${dir}/imported until you delete them`,
    });
  } catch (error) {
    log("error", "store.outbox_import_failed", {
      from: dir,
      error: error instanceof Error ? error.message : String(error),
      message:
        "what was not imported stays in the folder; it is tried again at the next start (or: npm run outbox -- import-outbox DIR)",
    });
  }
}
