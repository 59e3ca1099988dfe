import { emailJsConfig, env } from "~/utils/env.server";
import { withDeadline } from "~/utils/deadline.server";
import { log } from "~/utils/log.server";
import { enquiriesAccepted, enquiriesNotStored } from "~/utils/metrics.server";
import { configuredChannels } from "~/delivery/channels.server";
import { startDelivery, type Delivery } from "~/delivery/worker.server";
import { importOutbox, outboxHasEntries } from "~/store/import-outbox.server";
import { openStore } from "~/store/open-store.server";
import { errorCode } from "~/store/sql.server";
import { StoreRefusal, type ChannelState, type QueueCounts } from "~/store/store.server";
import type { Enquiry } from "./schema.server";

/** This server's enquiry store: the database DATABASE_URL names (an SQLite file by default,
 * PostgreSQL for several hosts). Every accepted enquiry is stored there before the visitor is
 * answered, and the delivery worker finds it there. */
const channels = configuredChannels(env);
/** The channels this server delivers through (none: the embedded default, the inbox only). */
export const channelNames = channels.map((c) => c.name);
export const store = openStore(env, { channels: channelNames });

type StoreResult = { ok: true; id: string; reference: string } | { ok: false };

/** Whether an enquiry can be stored now: the last store's outcome, or the last write check,
 * whichever is newer (/healthz). */
let acceptance: { ok: true } | { ok: false; code: string } = { ok: true };
let lastCheck: { at: number; run: Promise<void> } | undefined;

/** Accept = stored: the enquiry is committed (and fsync'ed) when this says ok. */
export async function storeEnquiry(enquiry: Enquiry, requestId?: string): Promise<StoreResult> {
  try {
    const record = await store.store(enquiry, requestId);
    acceptance = { ok: true };
    enquiriesAccepted.inc();
    log("info", "enquiry.accepted", { requestId, id: record.id });
    return { ok: true, id: record.id, reference: record.reference ?? "" };
  } catch (error) {
    acceptance = { ok: false, code: errorCode(error) };
    enquiriesNotStored.inc();
    log("error", "enquiry.store_failed", {
      requestId,
      store: store.where,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false };
  }
}

/** A small write to the database (PostgreSQL: whether it takes writes), at most once a second
 * however often /healthz is asked: a read-only or full volume, or a database gone, is seen
 * before a visitor meets it. */
function checkAcceptance(now: number): Promise<void> {
  if (lastCheck && now - lastCheck.at < 1_000) return lastCheck.run;
  const run = store.writeCheck().then(
    () => {
      acceptance = { ok: true };
    },
    (error: unknown) => {
      acceptance = { ok: false, code: errorCode(error) };
    },
  );
  lastCheck = { at: now, run };
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

/** A channel as /healthz shows it: its deliveries waiting and failed, and whether its provider is
 * up (for a channel this server delivers through). */
type ChannelHealth = {
  pending: number;
  failed: number;
  state?: "up" | "failing";
  failingSince?: string;
  /** The provider's faults in a row (failed probes after the first). */
  failures?: number;
  nextProbeAt?: string;
  /** The last fault's reason ("http_503", "timeout", "network"). */
  lastFailure?: string;
};

let delivery: Delivery | undefined;
const HEALTH_WAIT_MS = 1_000;

/** Opens the database at start, before the server listens. A file that is not this site's
 * database, is damaged or is newer refuses the start (the caller exits with the message); a
 * database that cannot be reached or written now does not (pages serve, visitors are told their
 * enquiry was not stored, and the store is tried again at each use). Then an outbox folder left
 * by an earlier version (OUTBOX_DIR) is moved in, once. */
async function openConfiguredStore(): Promise<{ refused: string } | undefined> {
  try {
    await store.prepare();
  } catch (error) {
    if (error instanceof StoreRefusal) return { refused: error.message };
    log("error", "store.unavailable", { store: store.where, error: errorCode(error) });
    return undefined;
  }
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
function startConfiguredDelivery(): Delivery | undefined {
  if (channels.length === 0) return undefined;
  delivery = startDelivery({
    store,
    channels,
    backoff: { baseMs: env.OUTBOX_RETRY_BASE_MS, maxMs: env.OUTBOX_RETRY_MAX_MS },
    giveUpAfterMs: env.OUTBOX_GIVE_UP_HOURS * 3_600_000,
    retentionMs: env.ENQUIRY_RETENTION_DAYS * 86_400_000,
    pollMs: env.OUTBOX_POLL_MS,
  });
  return delivery;
}

type QueueHealth = {
  status: "ok" | "degraded";
  /** Where enquiries go: EmailJS (and perhaps chat channels), only chat or webhook channels,
   * or nowhere (stored for operators). */
  transport: "emailjs" | "channels" | "outbox";
  /** Whether an enquiry posted now would be stored. */
  accepting: boolean;
  pending: number;
  failed: number;
  /** Entries of the store that are not records, set aside. */
  quarantined: number;
  oldestPendingSeconds: number;
  /** Per channel ("email", "slack", "discord", "telegram", "webhook"): deliveries waiting and
   * failed, and (for the channels this server delivers through) up or failing, since when, and
   * the next probe. */
  channels: Record<string, ChannelHealth>;
  /** Why it is degraded, for a person reading it. */
  problems?: string[];
};

/** The queue as /healthz reports it, looked at no more than once a second (counts by index, and
 * one small write). Degraded while an enquiry cannot be stored, a channel's provider is failing,
 * anything has failed, is being retried, was set aside, or has waited longer than
 * OUTBOX_ALERT_SECONDS (with a channel configured), or while delivery cannot use the database. */
export async function queueHealth(now = Date.now()): Promise<QueueHealth> {
  const transport = emailJsConfig ? "emailjs" : channels.length ? "channels" : "outbox";
  const problems: string[] = [];
  let counts: QueueCounts = { pending: 0, retrying: 0, failed: 0, delivered: 0, quarantined: 0, channels: {} };
  // A view at most a second old: however often /healthz is asked, the store is looked at no
  // more than once a second for it.
  // Within a second whatever the store does: a load balancer's health check must not time out
  // (and restart every replica) because a database stopped answering.
  const [looked, checked, noted] = await Promise.allSettled([
    withDeadline(store.counts({ maxAgeMs: 1_000 }), HEALTH_WAIT_MS),
    withDeadline(checkAcceptance(now), HEALTH_WAIT_MS),
    withDeadline(channelStates(now), HEALTH_WAIT_MS),
  ]);
  if (looked.status === "rejected") problems.push(`database unreadable (${errorCode(looked.reason)})`);
  else counts = looked.value;
  const states = noted.status === "fulfilled" ? noted.value : [];
  const accepting =
    checked.status === "fulfilled" ? acceptance : { ok: false as const, code: errorCode(checked.reason) };
  if (!accepting.ok) problems.push(`enquiries cannot be stored now (${accepting.code})`);
  const oldestPendingSeconds = counts.oldestPendingAt
    ? Math.max(0, Math.round((now - Date.parse(counts.oldestPendingAt)) / 1000))
    : 0;
  if (counts.failed > 0) problems.push(`${counts.failed} failed`);
  if (counts.quarantined > 0)
    problems.push(`${counts.quarantined} set aside in quarantine (not readable as enquiries)`);
  if (transport !== "outbox" && counts.retrying > 0) problems.push(`${counts.retrying} being retried`);
  if (transport !== "outbox" && oldestPendingSeconds > env.OUTBOX_ALERT_SECONDS)
    problems.push(`oldest pending ${oldestPendingSeconds} s`);
  for (const s of states)
    if (s.failingSince)
      problems.push(
        `${s.channel} failing since ${s.failingSince} (${s.lastFailure?.reason ?? "?"}, ${s.failures} in a row): its deliveries wait for the provider, next probe at ${s.nextProbeAt ?? "once one is due"}`,
      );
  problems.push(...(delivery?.problems() ?? []));
  const channelHealth = (name: string, c: { pending: number; failed: number }): ChannelHealth => {
    const state = states.find((s) => s.channel === name);
    if (!state) return { pending: c.pending, failed: c.failed };
    if (!state.failingSince) return { pending: c.pending, failed: c.failed, state: "up" };
    return {
      pending: c.pending,
      failed: c.failed,
      state: "failing",
      failingSince: state.failingSince,
      failures: state.failures,
      ...(state.nextProbeAt ? { nextProbeAt: state.nextProbeAt } : {}),
      ...(state.lastFailure ? { lastFailure: state.lastFailure.reason } : {}),
    };
  };
  return {
    status: problems.length ? "degraded" : "ok",
    transport,
    accepting: accepting.ok,
    pending: counts.pending,
    failed: counts.failed,
    quarantined: counts.quarantined,
    oldestPendingSeconds,
    channels: Object.fromEntries(
      [...new Set([...Object.keys(counts.channels), ...states.map((s) => s.channel)])].map((name) => [
        name,
        channelHealth(name, counts.channels[name] ?? { pending: 0, failed: 0 }),
      ]),
    ),
    ...(problems.length ? { problems } : {}),
  };
}

/** What the HTTP server (server/) uses of the queue, taken from the Remix build's entry
 * (app/entry.server.tsx re-exports it), so the process holds one store and one worker: the ones
 * the contact action stores into. */
export const serverQueue = {
  open: openConfiguredStore,
  health: queueHealth,
  startDelivery: startConfiguredDelivery,
  /** Closes the database at the end of a stop (SQLite checkpoints its WAL into the file). */
  close: () => store.close(),
};
export type ServerQueue = typeof serverQueue;
