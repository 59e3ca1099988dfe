// The enquiry queue at 100 and 10,000 waiting (`npm run bench:queue`, needs a build; BENCH_QUEUE_STORE=postgres): accepts,
// idle CPU, /healthz, the outage's cost and recovery, the drain, as ratios to the 100 case. 10,000 suffices: every frequent
// read is a fixed number of index entries or tally rows (decision 0036), so 100× shows the slope (BENCH_QUEUE_SIZES for more).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mostProbesWithin } from "../app/delivery/retry-policy.server";
import { openStore } from "../app/store/open-store.server";
import { readRecordedSends } from "../mocks/recorded-sends";
import { startPgCluster, type PgCluster } from "../tests/support/pg-cluster";
import { cpuTicks } from "./lib/process-cpu";
import { benchServer, body, burst, channelDrains, type Burst, type ChannelDrain } from "./lib/queue-bench-runs";
import { median } from "./lib/stats";

const STORE = process.env.BENCH_QUEUE_STORE === "postgres" ? "postgres" : "sqlite";
const cluster: PgCluster | undefined = STORE === "postgres" ? await startPgCluster() : undefined;

const SIZES = (process.env.BENCH_QUEUE_SIZES ?? "100,10000").split(",").map(Number);
const ids = JSON.parse(readFileSync("tests/e2e/emailjs-test-ids.json", "utf8")) as Record<string, string>;

const databaseTicks = () => (cluster ? cluster.pids().reduce((sum, pid) => sum + cpuTicks(pid), 0) : 0);

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** Oldest first, but for at most one enquiry whose call failed just as EmailJS came back (it waits for its retry). */
function inQueueOrder(messages: string[], queueOrder: string[]): boolean {
  const positions = messages.map((m) => queueOrder.indexOf(m));
  if (positions.length === 0 || positions.includes(-1)) return false;
  const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
  return increasing(positions) || positions.some((_, skip) => increasing(positions.filter((__, i) => i !== skip)));
}

async function queueOrder(databaseUrl: string): Promise<string[]> {
  const store = openStore({ DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: 1 });
  try {
    return (await store.scan("pending")).deliveries.slice(0, 40).map((r) => r.enquiry.message);
  } finally {
    await store.close();
  }
}

/** The probes' steps at the default settings (OUTBOX_RETRY_BASE_MS 5 s doubling to OUTBOX_PROBE_MAX_MS 10 s). */
const BACKOFF = { baseMs: 5_000, maxMs: 10_000 };
/** The issue's promise: the oldest lead delivered within this of the provider's return. */
const RECOVERY_GOAL_S = 15;

function orderShare(messages: string[], queueOrder: string[]): number {
  const positions = messages.map((m) => queueOrder.indexOf(m)).filter((p) => p >= 0);
  return positions.slice(1).filter((p, i) => p > positions[i]!).length / Math.max(1, positions.length - 1);
}

type Row = {
  size: number;
  outageSeconds: number;
  callsDuringOutage: number;
  callsBound: number;
  firstAfterSeconds: number;
  oldestAfterSeconds: number;
  oldestFirst: boolean;
  inOrderShare: number;
  firstPlaces: number[];
  acceptSeconds: number;
  acceptMedianMs: number;
  idleCpuPercent: number;
  healthMs: number;
  pageMs: number;
  drainPerSecond: number;
  drainedInOrder: boolean;
  drainedTwice: number;
};

async function measure(size: number, port: number): Promise<Row> {
  const {
    server,
    dir,
    record,
    outageFile: outage,
    databaseUrl,
  } = await benchServer({ cluster, ids }, { name: `bench_${size}`, port, outage: ["email"] });
  const outageStarted = Date.now();
  try {
    const acceptMs: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < size) {
          const n = next++;
          const t = performance.now();
          const res = await fetch(`${server.base}/contact`, { method: "POST", body: body(n), redirect: "manual" });
          await res.arrayBuffer();
          if (res.status !== 302) throw new Error(`enquiry ${n} answered ${res.status}`);
          acceptMs.push(performance.now() - t);
        }
      }),
    );
    const acceptSeconds = (performance.now() - started) / 1000;
    const health = (await (await fetch(`${server.base}/healthz`)).json()) as { pending: number };
    if (health.pending !== size) throw new Error(`/healthz says ${health.pending} pending, not ${size}`);

    await new Promise((r) => setTimeout(r, 2_000));
    const before = cpuTicks(server.child.pid!) + databaseTicks();
    await new Promise((r) => setTimeout(r, 5_000));
    // Ticks in 5 s → % of a core ÷ 5 × 5; the server's and, on PostgreSQL, the database's.
    const idleCpuPercent = cpuTicks(server.child.pid!) + databaseTicks() - before;

    const healthMs: number[] = [];
    const pageMs: number[] = [];
    for (let i = 0; i < 40; i++) {
      healthMs.push(await timed(`${server.base}/healthz`));
      pageMs.push(await timed(`${server.base}/`));
    }

    const order = await queueOrder(databaseUrl);

    rmSync(outage);
    const recoveredAt = Date.now();
    const sends = () => readRecordedSends(record);
    const delivered = () => sends().filter((s) => s.answered === "200");
    while (delivered().length === 0 && Date.now() - recoveredAt < 30_000) await new Promise((r) => setTimeout(r, 50));
    const from = delivered()[0]?.at ?? recoveredAt;
    await new Promise((r) => setTimeout(r, Math.max(0, from + 8_000 - Date.now())));
    const drained = delivered().filter((s) => s.at >= from && s.at < from + 8_000);
    const messages = drained.map((s) => s.fields.message ?? "");
    const oldest = delivered().find((s) => s.fields.message === order[0]);
    const outageMs = recoveredAt - outageStarted;
    return {
      size,
      outageSeconds: outageMs / 1000,
      callsDuringOutage: sends().filter((s) => s.answered !== "200" && s.at < recoveredAt).length,
      callsBound: mostProbesWithin(outageMs, BACKOFF),
      firstAfterSeconds: (from - recoveredAt) / 1000,
      oldestAfterSeconds: oldest ? (oldest.at - recoveredAt) / 1000 : NaN,
      oldestFirst: messages[0] === order[0],
      inOrderShare: orderShare(messages, order),
      firstPlaces: messages.slice(0, 12).map((m) => order.indexOf(m)),
      acceptSeconds,
      acceptMedianMs: median(acceptMs),
      idleCpuPercent: idleCpuPercent / 5,
      healthMs: median(healthMs),
      pageMs: median(pageMs),
      drainPerSecond: drained.length > 1 ? (drained.length - 1) / ((drained.at(-1)!.at - drained[0]!.at) / 1000) : 0,
      drainedInOrder: inQueueOrder(messages, order),
      drainedTwice: messages.length - new Set(messages).size,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
let concurrent: Burst;
let drains: ChannelDrain[];
try {
  for (const [i, size] of SIZES.entries()) rows.push(await measure(size, 3191 + i));
  concurrent = await burst({ cluster, ids }, 200, 3189);
  drains = await channelDrains({ cluster, ids }, 3188);
} finally {
  cluster?.remove();
}

const f = (x: number, d = 1) => x.toFixed(d);
console.log(`\nqueue bench, ${STORE} store (EmailJS stand-in down while it fills; medians)`);
console.log(
  `pending   accept all   accept med   idle CPU${cluster ? "*" : " "}  /healthz   page    drain/s  in order  twice`,
);
for (const r of rows)
  console.log(
    `${String(r.size).padStart(7)}   ${f(r.acceptSeconds).padStart(8)} s   ${f(r.acceptMedianMs).padStart(7)} ms   ${f(r.idleCpuPercent).padStart(6)} %   ${f(r.healthMs, 2).padStart(6)} ms  ${f(r.pageMs, 2).padStart(5)} ms   ${f(r.drainPerSecond, 2).padStart(5)}   ${r.drainedInOrder ? "yes" : "NO "}      ${r.drainedTwice}`,
  );

if (cluster) console.log("* the server's and the database's processes together");
console.log(
  `\nrecovery (EmailJS down for the fill and the measurements, probes on a ${BACKOFF.baseMs / 1000}–${BACKOFF.maxMs / 1000} s backoff)`,
);
console.log(
  "pending   outage   calls meanwhile (bound)   first after   oldest after   oldest first   in order   first delivered (places in the queue)",
);
for (const r of rows)
  console.log(
    `${String(r.size).padStart(7)}   ${f(r.outageSeconds).padStart(5)} s   ${String(r.callsDuringOutage).padStart(6)} (${r.callsBound})${" ".repeat(12)}${f(r.firstAfterSeconds, 2).padStart(6)} s   ${f(r.oldestAfterSeconds, 2).padStart(7)} s      ${r.oldestFirst ? "yes" : "NO "}          ${f(r.inOrderShare * 100)} %    ${r.firstPlaces.join(" ")}`,
  );
console.log(
  `burst of ${concurrent.size} concurrent POSTs: answered in ${f(concurrent.medianMs)} ms (median), ${f(concurrent.p99Ms)} ms (p99); ${concurrent.deliveredOnce} delivered once, ${concurrent.twice} twice`,
);
console.log(
  `drain per channel at 100 waiting, every provider back at once: ${drains.map((d) => `${d.channel} ${f(d.perSecond, 2)}/s (paced at ${d.expected}/s)`).join(", ")}`,
);
const [small, large] = [rows[0]!, rows.at(-1)!];
const within = (big: number, base: number, slack: number) => big <= base * 2 + slack;
const goals = [
  {
    name: `idle CPU at ${large.size} within 2× of ${small.size} (+1 % of a core)`,
    ok: within(large.idleCpuPercent, small.idleCpuPercent, 1),
    value: `${f(large.idleCpuPercent)} % vs ${f(small.idleCpuPercent)} %`,
  },
  {
    name: `/healthz at ${large.size} within 2× of ${small.size} (+1 ms)`,
    ok: within(large.healthMs, small.healthMs, 1),
    value: `${f(large.healthMs, 2)} ms vs ${f(small.healthMs, 2)} ms`,
  },
  {
    name: `page at ${large.size} within 2× of ${small.size} (+1 ms)`,
    ok: within(large.pageMs, small.pageMs, 1),
    value: `${f(large.pageMs, 2)} ms vs ${f(small.pageMs, 2)} ms`,
  },
  {
    name: `accept at ${large.size} within 2× of ${small.size} (+2 ms)`,
    ok: within(large.acceptMedianMs, small.acceptMedianMs, 2),
    value: `${f(large.acceptMedianMs)} ms vs ${f(small.acceptMedianMs)} ms`,
  },
  {
    name: `burst of ${concurrent.size} concurrent POSTs: every one stored and delivered once`,
    ok: concurrent.deliveredOnce === concurrent.size && concurrent.twice === 0,
    value: `${concurrent.deliveredOnce}/${concurrent.size} once, ${concurrent.twice} twice; p99 ${f(concurrent.p99Ms)} ms`,
  },
  ...drains.map((d) => ({
    name: `${d.channel} drains at its pace beside the others (${d.expected}/s: 0.9–1.05×), none twice`,
    ok: d.perSecond >= d.expected * 0.9 && d.perSecond <= d.expected * 1.05 && d.twice === 0,
    value: `${f(d.perSecond, 2)}/s, ${d.twice} twice`,
  })),
  ...rows.map((r) => ({
    name: `recovery at ${r.size}: the oldest first within ${RECOVERY_GOAL_S} s, ≥ 95 % in order, calls while down within the probes' bound`,
    ok:
      r.oldestFirst &&
      r.oldestAfterSeconds <= RECOVERY_GOAL_S &&
      r.inOrderShare >= 0.95 &&
      r.callsDuringOutage <= r.callsBound,
    value: `oldest ${r.oldestFirst ? "first" : "not first"} (${f(r.oldestAfterSeconds, 2)} s after), ${f(r.inOrderShare * 100)} % in order, ${r.callsDuringOutage} calls in ${f(r.outageSeconds)} s (bound ${r.callsBound})`,
  })),
  ...rows.map((r) => ({
    name: `drain at ${r.size}: 0.9–1.05 a second, oldest first, none twice`,
    ok: r.drainPerSecond >= 0.9 && r.drainPerSecond <= 1.05 && r.drainedInOrder && r.drainedTwice === 0,
    value: `${f(r.drainPerSecond, 2)}/s, ${r.drainedInOrder ? "in order" : "out of order"}, ${r.drainedTwice} twice`,
  })),
];
for (const g of goals) console.log(`${g.ok ? "ok  " : "MISS"} ${g.name}: ${g.value}`);
mkdirSync("reports", { recursive: true });
writeFileSync(
  cluster ? "reports/bench-queue-postgres.json" : "reports/bench-queue.json",
  JSON.stringify(
    {
      passed: goals.filter((g) => g.ok).length,
      failed: goals.filter((g) => !g.ok).length,
      goals,
      rows,
      burst: concurrent,
    },
    null,
    2,
  ),
);
process.exit(goals.every((g) => g.ok) ? 0 : 1);
