import { emailJsConfig, env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { startDelivery, type Delivery } from "./delivery.server";
import { createEmailJsSend } from "./emailjs.server";
import { createOutbox, type OutboxCounts } from "./outbox.server";
import type { Enquiry } from "./schema.server";

/** This server's outbox (OUTBOX_DIR): where every accepted enquiry is stored before the
 * visitor is answered, and where the delivery worker finds it. */
export const outbox = createOutbox(env.OUTBOX_DIR);

export type StoreResult = { ok: true; id: string } | { ok: false };

/** Accept = stored: the enquiry is on disk (fsync'ed) when this says ok. */
export async function storeEnquiry(enquiry: Enquiry, requestId?: string): Promise<StoreResult> {
  try {
    const record = await outbox.store(enquiry, requestId);
    log("info", "enquiry.accepted", { requestId, id: record.id });
    return { ok: true, id: record.id };
  } catch (error) {
    log("error", "enquiry.store_failed", {
      requestId,
      dir: env.OUTBOX_DIR,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false };
  }
}

/** Starts the delivery worker when EmailJS is configured; without it (the embedded default)
 * enquiries stay in pending/ for an operator to read, and nothing is sent. */
export function startConfiguredDelivery(): Delivery | undefined {
  if (!emailJsConfig) return undefined;
  return startDelivery({
    outbox,
    send: createEmailJsSend(emailJsConfig, { timeoutMs: env.RELAY_TIMEOUT_MS }),
    intervalMs: env.EMAILJS_MIN_INTERVAL_MS,
    backoff: { baseMs: env.OUTBOX_RETRY_BASE_MS, maxMs: env.OUTBOX_RETRY_MAX_MS },
    giveUpAfterMs: env.OUTBOX_GIVE_UP_HOURS * 3_600_000,
    retentionMs: env.OUTBOX_RETENTION_DAYS * 86_400_000,
    pollMs: env.OUTBOX_POLL_MS,
  });
}

export type QueueHealth = {
  status: "ok" | "degraded";
  transport: "emailjs" | "outbox";
  pending: number;
  failed: number;
  oldestPendingSeconds: number;
  /** Why it is degraded, for a person reading it. */
  problems?: string[];
};

/** The queue as /healthz reports it. Degraded while anything has failed, is being retried,
 * or has waited longer than OUTBOX_ALERT_SECONDS (with EmailJS configured), or while the
 * outbox cannot be read. */
export async function queueHealth(now = Date.now()): Promise<QueueHealth> {
  const transport = emailJsConfig ? "emailjs" : "outbox";
  let counts: OutboxCounts;
  let retrying = 0;
  try {
    counts = await outbox.counts();
    if (transport === "emailjs" && counts.pending > 0) {
      retrying = (await outbox.list("pending")).filter((r) => r.attempts.length > 0).length;
    }
  } catch {
    return {
      status: "degraded",
      transport,
      pending: 0,
      failed: 0,
      oldestPendingSeconds: 0,
      problems: ["outbox unreadable"],
    };
  }
  const oldestPendingSeconds = counts.oldestPendingAt
    ? Math.max(0, Math.round((now - Date.parse(counts.oldestPendingAt)) / 1000))
    : 0;
  const problems = [
    counts.failed > 0 && `${counts.failed} failed`,
    retrying > 0 && `${retrying} being retried`,
    transport === "emailjs" &&
      oldestPendingSeconds > env.OUTBOX_ALERT_SECONDS &&
      `oldest pending ${oldestPendingSeconds} s`,
  ].filter((p): p is string => typeof p === "string");
  return {
    status: problems.length ? "degraded" : "ok",
    transport,
    pending: counts.pending,
    failed: counts.failed,
    oldestPendingSeconds,
    ...(problems.length ? { problems } : {}),
  };
}
