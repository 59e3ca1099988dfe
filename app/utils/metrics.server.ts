// One registry per process: it lives in the app's build, which the HTTP server takes it from.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
// The loop timed every 20 ms, not prom-client's 10: half the wake-ups of an idle process (decision 0059).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const registers = [registry];

// Tallied in plain numbers per answer and read into the registry when scraped: prom-client's label hashing per call
// was a tenth of a cached answer's own work (docs/decisions/0045-cheap-cached-answers.md).
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
type Tally = { labels: Record<string, string>; n: number };
const answers = new Map<string, Tally>();

new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method and status.",
  labelNames: ["method", "status"] as const,
  registers,
  collect() {
    for (const tally of answers.values()) {
      if (tally.n) this.inc(tally.labels, tally.n);
      tally.n = 0;
    }
  },
});

const httpDuration = tallyHistogram(
  "http_request_duration_seconds",
  "Time to answer an HTTP request, by method and status class.",
  DURATION_BUCKETS,
);

export const enquiriesAccepted = new Counter({
  name: "enquiries_accepted_total",
  help: "Enquiries stored (the visitor was told it is sent).",
  registers,
});

export const enquiriesNotStored = new Counter({
  name: "enquiry_store_failures_total",
  help: "Enquiries that could not be stored (the visitor was told it is not sent).",
  registers,
});

export const enquiriesCaught = new Counter({
  name: "enquiries_caught_total",
  labelNames: ["reason"] as const,
  registers,
  help: "Enquiries caught as spam, by reason (one enquiry may have several): kept in the Spam view, sent nowhere; the visitor was told it is sent.",
});
export const spamDropped = new Counter({
  name: "spam_dropped_total",
  registers,
  help: "Caught enquiries erased to keep the Spam view within its caps (SPAM_MAX_PER_HOUR, SPAM_MAX_KEPT), oldest first.",
});

export const acceptCommits = new Counter({
  name: "enquiry_accept_commits_total",
  help: "Transactions that made accepted enquiries durable (group commit: enquiries_accepted_total divided by this is enquiries per commit).",
  registers,
});

export const deliveries = new Counter({
  name: "enquiry_deliveries_total",
  help: "Enquiries a channel's provider accepted (channel: email, slack, discord, telegram, webhook).",
  labelNames: ["channel"] as const,
  registers,
});

export const deliveryFailures = new Counter({
  name: "enquiry_delivery_failures_total",
  help: "Calls to a channel's provider that failed, by channel, reason (http_<status>, timeout, network) and what follows (retry, failed).",
  labelNames: ["channel", "reason", "outcome"] as const,
  registers,
});

export const deliveryLatency = new Histogram({
  name: "enquiry_delivery_call_seconds",
  help: "Time one call to a channel's provider took, by channel.",
  labelNames: ["channel"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const auditSkipped = new Counter({
  name: "staff_audit_skipped_total",
  help: "Refusals by clients without a session counted instead of written to the staff audit log (its throttle), by event.",
  labelNames: ["event"] as const,
  registers,
});

export const channelProbes = new Counter({
  name: "enquiry_channel_probes_total",
  help: "Calls made to a failing channel's provider to see whether it is back (one at a time, on the channel's backoff; the other deliveries wait without calls), by channel and result (delivered, failed).",
  labelNames: ["channel", "result"] as const,
  registers,
});

export const pushSends = new Counter({
  name: "push_sends_total",
  help: "Alerts to staff devices by the push service's answer: sent (2xx), retry (429, 5xx, no answer: tried again with the channel's backoff), gone (404/410: the subscription removed), refused (another 4xx, or a push service no longer listed).",
  labelNames: ["result"] as const,
  registers,
});

export const pushReceipts = new Counter({
  name: "push_receipts_total",
  help: "Receipts staff devices' service workers posted for an alert they showed, by result: confirmed, repeated (already confirmed), refused (a token that does not match: forged or garbled).",
  labelNames: ["result"] as const,
  registers,
});

/** Labels stay few: anything else is OTHER. */
const METHODS = new Set(["GET", "HEAD", "POST"]);

function observeRequest(method: string | undefined, status: number, seconds: number) {
  const m = method && METHODS.has(method) ? method : "OTHER";
  const key = `${m} ${status}`;
  const tally = answers.get(key);
  if (tally) tally.n++;
  else answers.set(key, { labels: { method: m, status: String(status) }, n: 1 });
  httpDuration.observe(m, `${Math.floor(status / 100)}xx`, seconds);
}

/** A histogram as prom-client writes it, labelled by method and status class, each observation a few additions. */
function tallyHistogram(name: string, help: string, bounds: number[]) {
  type Series = { labels: { method: string; status_class: string }; buckets: number[]; sum: number; count: number };
  let series = new Map<string, Series>();
  const values = () =>
    [...series.values()].flatMap(({ labels, buckets, sum, count }) => {
      let below = 0;
      // As prom-client orders them (its JSON shows the order): bucket exemplars null, none on sum and count.
      const pair = (own: object, value: number, suffix: string, exemplar?: null) => ({
        labels: own,
        sharedLabels: labels,
        value,
        metricName: `${name}${suffix}`,
        exemplar,
      });
      return [
        ...bounds.map((le, i) => pair({ le }, (below += buckets[i]!), "_bucket", null)),
        pair({ le: "+Inf" }, count, "_bucket", null),
        pair({}, sum, "_sum"),
        pair({}, count, "_count"),
      ];
    });
  const metric = {
    name,
    help,
    type: "histogram" as const,
    aggregator: "sum" as const,
    observe(method: string, statusClass: string, seconds: number) {
      const key = `${method} ${statusClass}`;
      let s = series.get(key);
      if (!s)
        series.set(
          key,
          (s = { labels: { method, status_class: statusClass }, buckets: bounds.map(() => 0), sum: 0, count: 0 }),
        );
      const i = bounds.findIndex((le) => seconds <= le);
      if (i >= 0) s.buckets[i]!++;
      s.sum += seconds;
      s.count++;
    },
    getForPromString: () => ({ name, help, type: metric.type, values: values(), aggregator: metric.aggregator }),
    get: () => ({
      ...metric.getForPromString(),
      values: values().map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    }),
    reset: () => void (series = new Map()),
  };
  registry.registerMetric(metric as never);
  return metric;
}

type QueueView = {
  accepting: boolean;
  pending: number;
  failed: number;
  quarantined: number;
  oldestPendingSeconds: number;
  channels: Record<
    string,
    {
      pending: number;
      failed: number;
      state?: "up" | "failing";
      failingSince?: string;
      nextProbeAt?: string;
      failures?: number;
    }
  >;
  push?: { devices: number; stale: number; unconfirmed: number };
};

const epochSeconds = (iso: string | undefined) => (iso ? Date.parse(iso) / 1000 : 0);
type PageCacheView = { hits: number; misses: number; entries: number };

function watch({ queue, pageCache }: { queue: () => Promise<QueueView>; pageCache: () => PageCacheView }) {
  let view: Promise<QueueView> | undefined;
  const look = () => (view ??= queue().finally(() => setTimeout(() => (view = undefined), 0)));
  const gauge = (name: string, help: string, read: (q: QueueView) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(read(await look()));
      },
    });
  gauge("enquiries_pending", "Enquiries stored and waiting to be delivered.", (q) => q.pending);
  gauge("enquiries_failed", "Enquiries given up on, waiting for an operator.", (q) => q.failed);
  gauge(
    "outbox_quarantined",
    "Rows of the enquiry store this version cannot read, and imported entries that were not records: quarantined.",
    (q) => q.quarantined,
  );
  gauge(
    "enquiries_oldest_pending_seconds",
    "How long the oldest pending enquiry has waited.",
    (q) => q.oldestPendingSeconds,
  );
  gauge("enquiries_accepting", "1 when an enquiry posted now would be stored, else 0.", (q) => (q.accepting ? 1 : 0));
  type ChannelView = QueueView["channels"][string];
  const byChannel = (name: string, help: string, read: (c: ChannelView) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ["channel"] as const,
      registers,
      async collect() {
        this.reset();
        for (const [channel, view] of Object.entries((await look()).channels)) {
          const value = read(view);
          if (value !== undefined) this.set({ channel }, value);
        }
      },
    });
  byChannel("enquiry_deliveries_pending", "Deliveries waiting, by channel.", (c) => c.pending);
  byChannel(
    "enquiry_deliveries_failed",
    "Deliveries given up on, by channel, waiting for an operator.",
    (c) => c.failed,
  );
  const provider = (read: (c: ChannelView) => number) => (c: ChannelView) => (c.state ? read(c) : undefined);
  byChannel(
    "enquiry_channel_up",
    "1 while a channel's provider answers, 0 while it is failing.",
    provider((c) => (c.state === "failing" ? 0 : 1)),
  );
  byChannel(
    "enquiry_channel_failing_since_timestamp_seconds",
    "Since when a failing channel's provider has been failing (0 while it is up).",
    provider((c) => epochSeconds(c.failingSince)),
  );
  byChannel(
    "enquiry_channel_next_probe_timestamp_seconds",
    "When a failing channel is probed next (0 while it is up).",
    provider((c) => epochSeconds(c.nextProbeAt)),
  );
  byChannel(
    "enquiry_channel_consecutive_failures",
    "The provider's faults in a row of a failing channel (the backoff's step; 0 while it is up).",
    provider((c) => c.failures ?? 0),
  );
  const push = (name: string, help: string, read: (p: NonNullable<QueueView["push"]>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const view = (await look()).push;
        if (view) this.set(read(view));
      },
    });
  push("push_devices", "Staff devices with alerts on.", (p) => p.devices);
  push("push_devices_stale", "Staff devices that have not confirmed their last three alerts.", (p) => p.stale);
  push(
    "push_alerts_unconfirmed",
    "Enquiries of the last day, still new, that no device confirmed within PUSH_CONFIRM_MINUTES.",
    (p) => p.unconfirmed,
  );
  let seen = { hits: 0, misses: 0 };
  const cacheCounter = new Counter({
    name: "page_cache_requests_total",
    help: "Page requests answered from memory (hit) or rendered first (miss).",
    labelNames: ["result"] as const,
    registers,
    collect() {
      const now = pageCache();
      this.inc({ result: "hit" }, Math.max(0, now.hits - seen.hits));
      this.inc({ result: "miss" }, Math.max(0, now.misses - seen.misses));
      seen = { hits: now.hits, misses: now.misses };
    },
  });
  void cacheCounter;
  new Gauge({
    name: "page_cache_entries",
    help: "Pages held in memory.",
    registers,
    collect() {
      this.set(pageCache().entries);
    },
  });
}

export const serverMetrics = { registry, observeRequest, watch };
export type ServerMetrics = typeof serverMetrics;

export const confirmationsSkipped = new Counter({
  name: "enquiry_confirmations_skipped_total",
  help: "Confirmations to visitors not sent for a limit (EMAILJS_CONFIRMATION_TEMPLATE_ID set), by limit: address_hour (one an hour per address), address_day (CONFIRMATION_MAX_PER_ADDRESS_DAY), day (CONFIRMATION_MAX_PER_DAY in all).",
  labelNames: ["limit"] as const,
  registers,
});
