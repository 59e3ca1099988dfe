// The process's wiring: one store and one worker, shared by the contact action, the staff area, /healthz and the server.
import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { confirmationRule, configuredChannels } from "~/delivery/channels.server";
import { CONFIRMATION_CHANNEL } from "~/store/accepted-deliveries.server";
import { startDelivery, type DeliveryWorker } from "~/delivery/worker.server";
import { importOutbox, outboxHasEntries } from "~/store/import-outbox.server";
import { openStore } from "~/store/open-store.server";
import { PUSH_CHANNEL } from "~/store/push.server";
import { pushChannel } from "~/delivery/channels/push.server";
import { errorCode } from "~/store/sql.server";
import { StoreRefusal, type ChannelState, type EnquiryStore } from "~/store/store.server";
import type { Pool } from "pg";
import { keysOnce, pushSettingsFrom } from "./push.server";
import { createRetention } from "./retention.server";
import { sharedForASecond } from "~/utils/shared-for-a-second";

export const pushSettings = pushSettingsFrom(env);
export const sitePushKeys = keysOnce(() => store.staffTables(), pushSettings);
const channels = [
  ...configuredChannels(env),
  ...(pushSettings.enabled
    ? [
        pushChannel({
          database: () => store.staffTables(),
          keys: sitePushKeys,
          subject: pushSettings.subject,
          services: pushSettings.services,
          timeoutMs: pushSettings.timeoutMs,
        }),
      ]
    : []),
];
export const channelNames = channels.map((c) => c.name);
/** The confirmation's and push's rows are the store's to make (accepted-deliveries.server.ts). */
export const store: EnquiryStore & { pool?: Pool } = openStore(env, {
  channels: channelNames.filter((name) => name !== CONFIRMATION_CHANNEL && name !== PUSH_CHANNEL),
  confirmation: confirmationRule(env),
  push: pushSettings.enabled,
});

export const eraseExpired = createRetention({
  store,
  retentionMs: env.ENQUIRY_RETENTION_DAYS * 86_400_000,
  spamRetentionMs: env.SPAM_RETENTION_DAYS * 86_400_000,
});

let acceptance: { ok: true } | { ok: false; code: string } = { ok: true };
let lastCheck: { at: number; run: Promise<void> } | undefined;

export function noteAcceptance(error?: unknown) {
  acceptance = error === undefined ? { ok: true } : { ok: false, code: errorCode(error) };
}

/** A small write at most once a second: a read-only or full volume is seen before a visitor meets it. */
export async function checkAcceptance(now: number): Promise<typeof acceptance> {
  if (!lastCheck || now - lastCheck.at >= 1_000) lastCheck = { at: now, run: writeCheck() };
  await lastCheck.run;
  return acceptance;
}

function writeCheck(): Promise<void> {
  const run = store.writeCheck().then(
    () => {
      acceptance = { ok: true };
    },
    (error: unknown) => {
      acceptance = { ok: false, code: errorCode(error) };
    },
  );
  return run;
}

const notedStates = sharedForASecond(async () => {
  const noted = await store.channelStates();
  return channelNames.map((name) => noted.find((s) => s.channel === name) ?? { channel: name, failures: 0 });
});

export const channelStates = (now = Date.now()): Promise<ChannelState[]> =>
  channels.length === 0 ? Promise.resolve([]) : notedStates(now);

let delivery: DeliveryWorker | undefined;

export const deliveryProblems = (): string[] => delivery?.problems() ?? [];

/** A file that is not this site's database refuses the start; one that cannot be reached now does not (pages still serve). */
export async function openConfiguredStore(): Promise<{ refused: string } | undefined> {
  try {
    await store.prepare();
  } catch (error) {
    if (error instanceof StoreRefusal) return { refused: error.message };
    log("error", "store.unavailable", { store: store.where, error: errorCode(error) });
    return undefined;
  }
  if (pushSettings.enabled) await sitePushKeys().catch(() => {});
  if (await outboxHasEntries(env.OUTBOX_DIR)) {
    try {
      const result = await importOutbox(env.OUTBOX_DIR, store);
      log("info", "store.outbox_imported", {
        from: env.OUTBOX_DIR,
        into: store.where,
        ...result,
        message: `the outbox folder of an earlier version was moved into the database; its files are kept in ${env.OUTBOX_DIR}/imported until you delete them`,
      });
    } catch (error) {
      log("error", "store.outbox_import_failed", {
        from: env.OUTBOX_DIR,
        error: error instanceof Error ? error.message : String(error),
        message:
          "what was not imported stays in the folder; it is tried again at the next start (or: npm run outbox -- import-outbox DIR)",
      });
    }
  }
  return undefined;
}

/** Without a channel (the embedded default) enquiries stay pending for the inbox. */
export function startConfiguredDelivery(): DeliveryWorker | undefined {
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
}
