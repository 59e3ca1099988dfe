import { emailJsConfigFrom, type Env } from "~/utils/env-schema.server";
import { withDeadline } from "~/utils/deadline.server";
import { errorCode } from "~/store/sql.server";
import type { EnquiryStore, QueueCounts } from "~/store/store.server";
import { BOOKING_CHANNEL } from "~/store/inbox-booking.server";
import { REPLY_CHANNEL } from "~/store/inbox-reply.server";
import { PUSH_CHANNEL } from "~/store/push.server";
import type { PushWatch } from "./push-watch.server";
import type { Queue } from "./queue.server";

const HEALTH_WAIT_MS = 1_000;

type ChannelReport = {
  pending: number;
  failed: number;
  state?: "up" | "failing";
  failingSince?: string;
  failures?: number;
  nextProbeAt?: string;
  lastFailure?: string;
};

type QueueHealth = {
  status: "ok" | "degraded";
  transport: "emailjs" | "channels" | "outbox";
  accepting: boolean;
  pending: number;
  failed: number;
  quarantined: number;
  oldestPendingSeconds: number;
  channels: Record<string, ChannelReport>;
  // Unconfirmed: enquiries of the last day no device confirmed within PUSH_CONFIRM_MINUTES (nobody may have been told).
  push?: { devices: number; stale: number; unconfirmed: number };
  problems?: string[];
};

/** /healthz's view of the queue. */
export function createQueueHealth({
  env,
  store,
  queue: { channelNames, channelStates, checkAcceptance, deliveryProblems },
  pushWatch,
}: {
  env: Env;
  store: Pick<EnquiryStore, "counts">;
  queue: Queue;
  pushWatch: (now: number) => Promise<PushWatch | undefined>;
}) {
  const emailJsConfig = emailJsConfigFrom(env);
  /** Looked at no more than once a second, however often /healthz is asked. */
  return async function queueHealth(now = Date.now()): Promise<QueueHealth> {
    const teamChannels = channelNames.filter((n) => n !== PUSH_CHANNEL && n !== BOOKING_CHANNEL && n !== REPLY_CHANNEL);
    const transport = emailJsConfig ? "emailjs" : teamChannels.length ? "channels" : "outbox";
    const problems: string[] = [];
    let counts: QueueCounts = { pending: 0, retrying: 0, failed: 0, delivered: 0, quarantined: 0, channels: {} };
    // Bounded in time: a load balancer's check must not time out (and restart every replica) because a database stopped answering.
    const [looked, checked, noted, alerts] = await Promise.allSettled([
      withDeadline(store.counts({ maxAgeMs: 1_000 }), HEALTH_WAIT_MS),
      withDeadline(checkAcceptance(now), HEALTH_WAIT_MS),
      withDeadline(channelStates(now), HEALTH_WAIT_MS),
      withDeadline(pushWatch(now), HEALTH_WAIT_MS),
    ]);
    const watched = alerts.status === "fulfilled" ? alerts.value : undefined;
    if (watched?.unconfirmed.length)
      problems.push(
        `no staff device confirmed the alert of ${watched.unconfirmed.map((a) => a.reference).join(", ")}${watched.more ? " and more" : ""} within ${watched.confirmMinutes} min`,
      );
    if (looked.status === "rejected") problems.push(`database unreadable (${errorCode(looked.reason)})`);
    else counts = looked.value;
    const states = noted.status === "fulfilled" ? noted.value : [];
    const accepting =
      checked.status === "fulfilled" ? checked.value : { ok: false as const, code: errorCode(checked.reason) };
    if (!accepting.ok) problems.push(`enquiries cannot be stored now (${accepting.code})`);
    const oldestPendingSeconds = counts.oldestPendingAt
      ? Math.max(0, Math.round((now - Date.parse(counts.oldestPendingAt)) / 1000))
      : 0;
    if (counts.failed > 0) problems.push(`${counts.failed} failed`);
    if (counts.quarantined > 0) problems.push(`${counts.quarantined} quarantined (not readable as enquiries)`);
    if (transport !== "outbox" && counts.retrying > 0) problems.push(`${counts.retrying} being retried`);
    if (transport !== "outbox" && oldestPendingSeconds > env.OUTBOX_ALERT_SECONDS)
      problems.push(`oldest pending ${oldestPendingSeconds} s`);
    for (const s of states)
      if (s.failingSince)
        problems.push(
          `${s.channel} failing since ${s.failingSince} (${s.lastFailure?.reason ?? "?"}, ${s.failures} in a row): its deliveries wait for the provider, next probe at ${s.nextProbeAt ?? "once one is due"}`,
        );
    problems.push(...deliveryProblems());
    const channelHealth = (name: string, c: { pending: number; failed: number }): ChannelReport => {
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
        [...new Set([...Object.keys(counts.channels), ...states.map((s) => s.channel)])]
          // Phone alerts are on by default: a channel here once it has an alert to send or fails
          // (its devices are in `push`), so a site with no phone subscribed reads as before.
          .filter(
            (name) =>
              name !== PUSH_CHANNEL ||
              counts.channels[name] ||
              states.some((s) => s.channel === name && s.failingSince),
          )
          .map((name) => [name, channelHealth(name, counts.channels[name] ?? { pending: 0, failed: 0 })]),
      ),
      ...(watched
        ? {
            push: {
              devices: watched.devices,
              stale: watched.stale,
              unconfirmed: watched.unconfirmed.length + (watched.more ? 1 : 0),
            },
          }
        : {}),
      ...(problems.length ? { problems } : {}),
    };
  };
}
