// The composition root: the process's shared parts, made at start-up (never by an import), read from `context.wiring`.
import { configuredChannels, deliveryRows } from "~/delivery/channels.server";
import { keysOnce, pushSettingsFrom } from "~/delivery/channels/push-settings.server";
import { enquiryFirst } from "~/enquiry/answer-first.server";
import { createEnquiryLimit } from "~/enquiry/rate-limit.server";
import { createSite } from "~/site/site.server";
import { createSiteServer } from "~/site/server-part.server";
import { createStaff } from "~/staff/staff.server";
import { openStore } from "~/store/open-store.server";
import type { Env } from "~/utils/env-schema.server";
import { MAX_FORM_BYTES } from "~/utils/form-body.server";
import { stampFormTime } from "~/utils/form-time.server";
import { serverMetrics } from "~/utils/metrics.server";
import { crossSitePage } from "~/utils/refusal-page.server";
import { createQueueHealth } from "./health.server";
import { createPushWatch } from "./push-watch.server";
import { createQueue } from "./queue.server";
import { createRetention } from "./retention.server";
import { createVisits } from "./visits.server";

/** Makes objects only: nothing is opened or timed until server/index.ts calls `open`, `startDelivery`, `watch`... */
export function wire(env: Env) {
  // Asked for only once a channel sends or a page asks for the keys: by then `store` is made.
  const pushPart = () => store.push;
  const pushSettings = pushSettingsFrom(env);
  const push = { settings: pushSettings, keys: keysOnce(pushPart, pushSettings) };
  const channels = configuredChannels(env, { push: pushPart, pushKeys: push.keys, bookings: () => store.inbox });
  const store = openStore(env, deliveryRows(env, channels));
  const queue = createQueue({ env, store, channels });
  const pushWatch = createPushWatch({ store, settings: push.settings });
  const site = createSite({ env, store });
  const staff = createStaff({ env, store });
  const retention = createRetention({
    store,
    retentionMs: env.ENQUIRY_RETENTION_DAYS * 86_400_000,
    spamRetentionMs: env.SPAM_RETENTION_DAYS * 86_400_000,
  });
  const visits = createVisits({
    store: store.visits,
    siteUrl: env.PUBLIC_SITE_URL,
    trustedHeader: env.TRUST_PROXY_HEADER,
    flushSeconds: env.VISIT_FLUSH_SECONDS,
    retentionDays: env.VISIT_RETENTION_DAYS,
    beacon: env.VISIT_BEACON,
  });
  return {
    store,
    push,
    visits,
    site,
    staff,
    countEnquiry: createEnquiryLimit({ env, store }),
    noteAcceptance: queue.noteAcceptance,
    channelNames: queue.channelNames,
    channelStates: queue.channelStates,
    pushWatch,
    /** What server/ runs and answers with, around Remix. */
    server: {
      queue: {
        async open() {
          const refused = await queue.open();
          // The site's VAPID keys made now, before a staff member's page asks for them.
          if (!refused && push.settings.enabled) await push.keys().catch(() => {});
          return refused;
        },
        health: createQueueHealth({ env, store, queue, pushWatch }),
        startDelivery: queue.startDelivery,
        chores: retention,
        /** SQLite checkpoints its WAL into the file on close. */
        close: () => store.close(),
      },
      site: createSiteServer(site, env),
      staffGate: staff.gate,
      enquiryFirst,
      metrics: serverMetrics,
      crossSitePage,
      maxFormBytes: MAX_FORM_BYTES,
      stampFormTime,
    },
  };
}
export type Wiring = ReturnType<typeof wire>;
