// The process's wiring: one store and one delivery worker per process, shared by the contact
// action, the staff area, /healthz and the server's start and stop.
//
// This server's enquiry store: the database DATABASE_URL names (an SQLite file by default,
// PostgreSQL for several hosts). Every accepted enquiry is stored there before the visitor is
// answered, and the delivery worker finds it there.
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

/** Alerts on staff phones (Web Push): a channel whenever they are on, with nothing to configure. */
export const pushSettings = pushSettingsFrom(env);
/** The VAPID keys every replica signs with (made at first start unless the operator set them). */
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
          timeoutMs: env.DELIVERY_TIMEOUT_MS,
        }),
      ]
    : []),
];
/** The channels this server delivers through (none: the embedded default, the inbox only). */
export const channelNames = channels.map((c) => c.name);
/** Every accepted enquiry gets a delivery on each channel but the confirmation, which the
 * store gives it when its limits allow (app/store/accepted-deliveries.server.ts). */
export const store: EnquiryStore & { pool?: Pool } = openStore(env, {
  // The push channel's rows are the store's to make, while any device is subscribed.
  channels: channelNames.filter((name) => name !== CONFIRMATION_CHANNEL && name !== PUSH_CHANNEL),
  confirmation: confirmationRule(env),
  push: pushSettings.enabled,
});

/** Retention, hourly (server/index.ts): the one place enquiries are erased by age. */
export const eraseExpired = createRetention({
  store,
  retentionMs: env.ENQUIRY_RETENTION_DAYS * 86_400_000,
  spamRetentionMs: env.SPAM_RETENTION_DAYS * 86_400_000,
});

/** Whether an enquiry can be stored now: the last store's outcome, or the last write check,
 * whichever is newer (/healthz). */
let acceptance: { ok: true } | { ok: false; code: string } = { ok: true };
let lastCheck: { at: number; run: Promise<void> } | undefined;

/** The contact action's outcome, noted for /healthz: a failed store is seen at once. */
export function noteAcceptance(error?: unknown) {
  acceptance = error === undefined ? { ok: true } : { ok: false, code: errorCode(error) };
}

/** A small write to the database (PostgreSQL: whether it takes writes), at most once a second
 * however often /healthz is asked: a read-only or full volume, or a database gone, is seen
 * before a visitor meets it. */
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

let lastStates: { at: number; run: Promise<ChannelState[]> } | undefined;

/** Each channel this server delivers through, up or failing, as the deliverer (this process or
 * another replica) last noted it in the database, at most a second old: /healthz, /metrics and
 * the inbox. */
export function channelStates(now = Date.now()): Promise<ChannelState[]> {
  if (channels.length === 0) return Promise.resolve([]);
  if (lastStates && now - lastStates.at < 1_000) return lastStates.run;
  const run = store
    .channelStates()
    .then((noted) =>
      channelNames.map((name) => noted.find((s) => s.channel === name) ?? { channel: name, failures: 0 }),
    );
  lastStates = { at: now, run };
  run.catch(() => {
    if (lastStates?.run === run) lastStates = undefined; // asked again at the next look
  });
  return run;
}

let delivery: DeliveryWorker | undefined;

/** Why the worker cannot deliver now (it cannot use the database), for /healthz. */
export const deliveryProblems = (): string[] => delivery?.problems() ?? [];

/** Opens the database at start, before the server listens. A file that is not this site's
 * database, is damaged or is newer refuses the start (the caller exits with the message); a
 * database that cannot be reached or written now does not (pages serve, visitors are told their
 * enquiry was not stored, and the store is tried again at each use). Then an outbox folder left
 * by an earlier version (OUTBOX_DIR) is moved in, once. */
export async function openConfiguredStore(): Promise<{ refused: string } | undefined> {
  try {
    await store.prepare();
  } catch (error) {
    if (error instanceof StoreRefusal) return { refused: error.message };
    log("error", "store.unavailable", { store: store.where, error: errorCode(error) });
    return undefined;
  }
  // The VAPID keys, made now at the first start (every replica then reads the same pair).
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

/** Starts the delivery worker when a channel is configured (EmailJS, Slack, Discord, Telegram,
 * a webhook: any of them, alone or together); without one (the embedded default) enquiries stay
 * pending for an operator to read, and nothing is sent. */
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
