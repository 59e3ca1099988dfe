// Load benchmark against the production build (needs a build; exits 1 when a goal is missed): pages beside nginx serving the
// same bytes, the accept path beside the disk's fsync (BENCH_DATA_DIR), a paced burst; --base=REF measures another build too.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { readRecordedSends } from "../mocks/recorded-sends";
import { PAGE_PATHS } from "../app/content/pages";
import {
  acceptRound,
  burstOf,
  cacheHits,
  CONCURRENT_POSTS,
  fsyncTimes,
  METRICS_TOKEN,
  postEnquiry,
  SINGLE_POSTS,
  type Accept,
  type Burst,
} from "./lib/bench-accept";
import { buildRef, type RefBuild } from "./lib/build-ref";
import { serveStaticCopy } from "./lib/nginx-static";
import { serveNodeFloor } from "./lib/node-floor";
import { cpuTicks, withChildren } from "./lib/process-cpu";
import { serveBuild } from "./lib/serve-build";
import { median, quantile } from "./lib/stats";

const args = process.argv.slice(2);
const baseRef = /^--base=(.+)$/.exec(args.find((a) => a.startsWith("--base=")) ?? "")?.[1];
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
// A browser's agent, so that each page served is a counted visit (decision 0046): its cost is in the figures.
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOALS = {
  cpuVsNginx: 20,
  cachedCpuVsNginx: 2,
  contactCpuVsMix: 2,
  peakRssMb: 320,
  aimPeakRssMb: 200,
  aimRatio: 0.5,
  aimContactRatio: 0.9,
  aimP99Ms: 25,
  aimBurstP99Ms: 250,
};
const contactSeconds = Number(process.env.BENCH_CONTACT_SECONDS ?? 5);
const nodeFloor = process.env.BENCH_NODE_FLOOR !== "0";
const connections = 50;
const burstSize = Number(process.env.BENCH_BURST ?? 10);
const dataRoot = process.env.BENCH_DATA_DIR ?? "data";
mkdirSync(dataRoot, { recursive: true });
const dir = mkdtempSync(path.join(dataRoot, "bench-"));
const ids = JSON.parse(readFileSync("tests/e2e/emailjs-test-ids.json", "utf8"));
const p99 = (xs: number[]) => quantile(xs, 0.99);
const f = (x: number, d = 1) => x.toFixed(d);

// The event loop's thread (task id = pid): without zlib's pool and V8's helpers.
function loopTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function rssSampler(pid: number) {
  let peak = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
      peak = Math.max(peak, kb * 1024);
    } catch {
      /* process gone */
    }
  };
  read();
  const timer = setInterval(read, 200);
  return { stop: () => (clearInterval(timer), read(), peak) };
}

/** A fresh process's first seconds are V8 compiling its hot path: each server gets 3 s of the same load first. */
async function warm(base: string) {
  await autocannon({ url: base, connections, duration: 3, requests: PAGE_PATHS.map(requestOf) });
}

const requestOf = (p: string) => ({
  method: "GET" as const,
  path: p,
  headers: { "accept-encoding": BROWSER_ENCODINGS, "user-agent": BROWSER_AGENT },
});

async function load(
  base: string,
  pid: number,
  label: string,
  pids: number[] = [pid],
  { paths = PAGE_PATHS, duration = seconds }: { paths?: readonly string[]; duration?: number } = {},
) {
  const ticks = () => pids.reduce((sum, p) => sum + cpuTicks(p), 0);
  const ticksBefore = ticks();
  const loopBefore = loopTicks(pid);
  const sampler = rssSampler(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: paths.map(requestOf),
  });
  const peak = sampler.stop();
  const row = {
    label,
    cpuMsPerKilo: ((ticks() - ticksBefore) * 10 * 1000) / Math.max(1, result.requests.total),
    loopCpuMsPerKilo: ((loopTicks(pid) - loopBefore) * 10 * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    peakRss: peak,
  };
  console.log(
    `${label.padEnd(26)} ${row.rps.toFixed(0).padStart(7)} req/s   CPU ${f(row.cpuMsPerKilo, 0).padStart(4)} ms per 1,000   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}   requests ${row.requests}   peak RSS ${(peak / 1048576).toFixed(0)} MB`,
  );
  return row;
}

async function nodeFloors(from: string, alone: { paths: readonly string[]; duration: number }) {
  const node = await serveNodeFloor({ from, paths: PAGE_PATHS, port: 3184, headers: requestOf("/").headers });
  await warm(node.base);
  const every = await load(node.base, node.pid, "Node alone (same bytes)");
  const contact = await load(node.base, node.pid, "Node alone, /contact", [node.pid], alone);
  node.stop();
  return { every, contact };
}

type Served = {
  label: string;
  base: string;
  pid: number;
  stop: () => Promise<void>;
  record: string;
  database: string;
  cwd: string;
};
async function serve(label: string, port: number, cwd?: string, env: Record<string, string> = {}): Promise<Served> {
  const own = mkdtempSync(path.join(dir, "server-"));
  const record = path.resolve(own, "emailjs-requests.jsonl");
  const database = `file:${path.resolve(own, "site.db")}`;
  const server = await serveBuild({
    port,
    cwd,
    env: {
      ...ids,
      MOCKS: "true",
      MOCKS_RECORD_FILE: record,
      DATABASE_URL: database,
      RATE_LIMIT_MAX: "0",
      METRICS_TOKEN,
      ...env,
    },
  });
  return { label, base: server.base, pid: server.child.pid!, stop: server.stop, record, database, cwd: cwd ?? "." };
}

const refBuild: RefBuild | undefined = baseRef ? buildRef(baseRef) : undefined;
const goals: { name: string; ok: boolean; value: string }[] = [];
// Reported, never the exit code: the stamped pages' copy a second moves these ratios with the machine's load.
const aims: typeof goals = [];
const report: Record<string, unknown> = {};
try {
  const ours = await serve("ours (build/start.js)", 3180);
  const before = refBuild ? await serve(`base ${refBuild.label}`, 3183, refBuild.dir) : undefined;
  console.log(`bench: ${seconds} s at ${connections} connections per run, pages ${PAGE_PATHS.join(" ")}`);
  // One request per page first: the page cache renders each page once, then serves it.
  for (const s of [ours, before])
    for (const p of PAGE_PATHS) if (s) await fetch(s.base + p, { headers: { "accept-encoding": BROWSER_ENCODINGS } });
  for (const s of [ours, before]) if (s) await warm(s.base);
  const hitsBefore = await cacheHits(ours.base);
  const oursLoad = await load(ours.base, ours.pid, ours.label);
  const hits = (await cacheHits(ours.base)) - hitsBefore;
  const beforeLoad = before ? await load(before.base, before.pid, before.label) : undefined;
  const copy = await serveStaticCopy({ from: ours.base, paths: PAGE_PATHS, port: 3182 });
  await warm(copy.base);
  const plain = await load(copy.base, copy.pid, "nginx (gzip_static)", withChildren(copy.pid));
  // The page a campaign links to, with per-second work (its form's signed time, server/page-copies.ts).
  const alone = { paths: ["/contact"], duration: contactSeconds };
  const contactLoad = await load(ours.base, ours.pid, "ours, /contact alone", [ours.pid], alone);
  const contactBefore = before
    ? await load(before.base, before.pid, `${before.label}, /contact alone`, [before.pid], alone)
    : undefined;
  const contactPlain = await load(copy.base, copy.pid, "nginx, /contact alone", withChildren(copy.pid), alone);
  copy.stop();
  const floors = nodeFloor ? await nodeFloors(ours.base, alone) : undefined;
  const contactRatio = contactLoad.rps / contactPlain.rps;
  const ratio = oursLoad.rps / plain.rps;
  const cpuRatio = oursLoad.cpuMsPerKilo / Math.max(1, plain.cpuMsPerKilo);
  console.log(
    `bench: our throughput is ${(ratio * 100).toFixed(1)}% of nginx's (aim on an idle machine ≥ ${GOALS.aimRatio * 100}%), ` +
      `p99 ${oursLoad.p99} ms (aim ≤ ${GOALS.aimP99Ms} ms); our CPU per page served is ${f(cpuRatio)}× nginx's`,
  );
  goals.push(
    {
      name: `CPU per page served ≤ ${GOALS.cpuVsNginx}× nginx's for the same bytes`,
      ok: cpuRatio <= GOALS.cpuVsNginx,
      value: `${f(cpuRatio)}× (${f(oursLoad.cpuMsPerKilo / 1000, 3)} vs ${f(plain.cpuMsPerKilo / 1000, 3)} ms)`,
    },
    {
      // No per-answer work: a copy made per answer measured 4.6× the mix; separate cached loads, up to 1.5×.
      name: `/contact alone: CPU per page ≤ ${GOALS.contactCpuVsMix}× ours for every page in turn`,
      ok: contactLoad.cpuMsPerKilo <= oursLoad.cpuMsPerKilo * GOALS.contactCpuVsMix,
      value: `${f(contactLoad.cpuMsPerKilo / Math.max(1, oursLoad.cpuMsPerKilo), 2)}× (${f(contactLoad.cpuMsPerKilo / 1000, 3)} vs ${f(oursLoad.cpuMsPerKilo / 1000, 3)} ms); ${f(contactRatio * 100)} % of nginx's rate for /contact (aim ≥ ${GOALS.aimContactRatio * 100} %)`,
    },
    {
      name: "no errors under load",
      ok: oursLoad.errors + contactLoad.errors === 0,
      value: String(oursLoad.errors + contactLoad.errors),
    },
    {
      name: "every page under load answered from memory (page cache hits)",
      // (≥: requests still in flight when the load stopped were answered, not counted)
      ok: hits >= oursLoad.requests,
      value: `${hits} of ${oursLoad.requests}`,
    },
    {
      // V8 sizes its heap by the allocation rate: one build peaked at 170–256 MB under this load within an hour.
      name: `peak RSS ≤ ${GOALS.peakRssMb} MB (a leak; aim ${GOALS.aimPeakRssMb} MB)`,
      ok: oursLoad.peakRss <= GOALS.peakRssMb * 1048576,
      value: `${(oursLoad.peakRss / 1048576).toFixed(0)} MB`,
    },
  );
  aims.push({
    name: `peak RSS ≤ ${GOALS.aimPeakRssMb} MB under load`,
    ok: oursLoad.peakRss <= GOALS.aimPeakRssMb * 1048576,
    value: `${(oursLoad.peakRss / 1048576).toFixed(0)} MB`,
  });
  console.log(
    `bench: /contact alone at ${(contactRatio * 100).toFixed(1)}% of nginx's rate for the same page (aim on an idle machine ≥ ${GOALS.aimContactRatio * 100}%), p99 ${contactLoad.p99} ms against ${contactPlain.p99} ms`,
  );
  type Row = typeof oursLoad;
  const perAnswer = (mine: Row, theirs: Row) =>
    `${f(mine.cpuMsPerKilo)} µs (its event loop ${f(mine.loopCpuMsPerKilo)} µs) vs nginx's ${f(theirs.cpuMsPerKilo)} µs = ${f(mine.cpuMsPerKilo / theirs.cpuMsPerKilo, 2)}×`;
  const cachedCpu = {
    every: oursLoad.cpuMsPerKilo / plain.cpuMsPerKilo,
    contact: contactLoad.cpuMsPerKilo / contactPlain.cpuMsPerKilo,
  };
  for (const [what, mine, base, theirs, node] of [
    ["every page in turn", oursLoad, beforeLoad, plain, floors?.every],
    ["/contact alone", contactLoad, contactBefore, contactPlain, floors?.contact],
  ] as const)
    console.log(
      `bench: CPU per cached answer, ${what}: ours ${perAnswer(mine, theirs)}` +
        (base ? `; ${before!.label} ${perAnswer(base, theirs)}` : "") +
        (node
          ? `; Node alone sending the same bytes ${f(node.cpuMsPerKilo)} µs = ${f(node.cpuMsPerKilo / theirs.cpuMsPerKilo, 2)}×, ` +
            `so our code ${f(mine.cpuMsPerKilo - node.cpuMsPerKilo)} µs`
          : ""),
    );
  aims.push({
    name: `a cached answer's CPU ≤ ${GOALS.cachedCpuVsNginx}× nginx's for the same bytes, in this run (every page in turn; /contact alone)`,
    ok: Math.max(cachedCpu.every, cachedCpu.contact) <= GOALS.cachedCpuVsNginx,
    value:
      `${f(cachedCpu.every, 2)}×; ${f(cachedCpu.contact, 2)}×` +
      (floors
        ? ` (Node alone sending the same bytes: ${f(floors.every.cpuMsPerKilo / plain.cpuMsPerKilo, 2)}×; ` +
          `${f(floors.contact.cpuMsPerKilo / contactPlain.cpuMsPerKilo, 2)}×)`
        : ""),
  });
  Object.assign(report, {
    ours: oursLoad,
    before: beforeLoad,
    plain,
    ratio,
    cpuRatio,
    contactLoad,
    contactBefore,
    contactPlain,
    contactRatio,
    cachedCpu,
    nodeAlone: floors,
  });

  const fsync = fsyncTimes(dir);
  const servers = before ? [ours, before] : [ours];
  const results = new Map(servers.map((s) => [s.label, [] as Accept[]]));
  // The first burst after a start meets code V8 has not optimized yet and connections not yet
  // open: printed on its own, not one of the rounds (a server on a campaign's night has been up).
  const first = new Map<string, Burst>();
  for (const s of servers) first.set(s.label, await burstOf(s.base, s.pid, "first"));
  for (let round = 0; round < rounds; round++)
    for (const s of round % 2 ? [...servers].reverse() : servers)
      results.get(s.label)!.push(await acceptRound(s.base, s.pid, `${round}`));
  const floor = median(fsync);
  console.log(
    `\naccept path, medians of ${rounds} rounds (data folder ${dataRoot}: fsync of a 4 KB append ${f(floor, 2)} ms median, ${f(p99(fsync), 2)} ms p99, of ${fsync.length})`,
  );
  console.log(
    `${"".padEnd(26)} ${"one POST alone".padStart(18)} ${"burst of 200: median".padStart(22)} ${"p99".padStart(18)} ${"wall per enquiry".padStart(18)} ${"server CPU per enquiry".padStart(24)} ${"enquiries per commit".padStart(22)} ${"p99, new connections".padStart(22)}`,
  );
  const accept: Record<string, Record<string, number>> = {};
  for (const s of servers) {
    const list = results.get(s.label)!;
    const m = (k: keyof Accept) => median(list.map((a) => a[k]));
    const cell = (ms: number, width = 18) => `${f(ms)} ms = ${f(ms / floor)}×`.padStart(width);
    console.log(
      `${s.label.padEnd(26)} ${cell(m("single"))} ${cell(m("burstMedian"), 22)} ${cell(m("burstP99"))} ${cell(m("perEnquiry"))} ${`${f(m("cpuPerEnquiry"), 2)} ms`.padStart(24)} ${(Number.isNaN(m("perCommit")) ? "1 (no group commit)" : f(m("perCommit"))).padStart(22)} ${cell(m("freshP99"), 22)}`,
    );
    accept[s.label] = {
      singleMs: m("single"),
      burstMedianMs: m("burstMedian"),
      burstP99Ms: m("burstP99"),
      perEnquiryMs: m("perEnquiry"),
      cpuPerEnquiryMs: m("cpuPerEnquiry"),
      enquiriesPerCommit: m("perCommit"),
      freshP99Ms: m("freshP99"),
      firstBurstP99Ms: first.get(s.label)!.p99Ms,
      firstBurstCpuPerEnquiryMs: first.get(s.label)!.cpuMs / CONCURRENT_POSTS,
    };
  }
  for (const s of servers) {
    const cold = first.get(s.label)!;
    console.log(
      `${s.label}: the first burst after its start: median ${f(cold.medianMs)} ms, p99 ${f(cold.p99Ms)} ms, server CPU ${f(cold.cpuMs / CONCURRENT_POSTS, 2)} ms per enquiry`,
    );
  }
  console.log("(× = in fsyncs of this disk: one durable commit per enquiry costs at least 1×)");
  const oursAccept = accept[ours.label]!;
  console.log(
    `accept aim (an idle machine; printed, not gated): burst of ${CONCURRENT_POSTS} p99 ≤ ${GOALS.aimBurstP99Ms} ms: ${f(oursAccept.burstP99Ms!)} ms; ` +
      `a burst's wall time per enquiry is ${f(oursAccept.perEnquiryMs! / floor, 2)}× one fsync` +
      (before ? ` (${before.label}: ${f(accept[before.label]!.perEnquiryMs! / floor, 2)}×)` : ""),
  );
  await before?.stop();
  await ours.stop();
  for (const s of servers) {
    const sent = rounds * (SINGLE_POSTS + 2 * CONCURRENT_POSTS) + CONCURRENT_POSTS;
    const refused = results.get(s.label)!.reduce((n, a) => n + a.refused, first.get(s.label)!.refused);
    const listed = execFileSync(process.execPath, ["build/outbox.js", "list", "--json"], {
      cwd: s.cwd,
      env: { ...process.env, DATABASE_URL: s.database },
      encoding: "utf8",
      maxBuffer: 1 << 26,
    })
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { enquiry?: { message?: string } }).enquiry?.message ?? "")
      .filter((m) => m.startsWith("Bench alone") || m.startsWith("Bench burst"));
    goals.push({
      name: `${s.label}: every enquiry of the accept rounds answered 302 and stored once`,
      ok: refused === 0 && listed.length === sent && new Set(listed).size === sent,
      value: `${sent - refused}/${sent} answered, ${new Set(listed).size} stored`,
    });
  }
  Object.assign(report, { fsync: { medianMs: floor, p99Ms: p99(fsync), samples: fsync.length }, accept });

  const paced = await serve("ours, paced", 3184);
  const sampler = rssSampler(paced.pid);
  const started = Date.now();
  const burst = await Promise.all(
    Array.from({ length: burstSize }, async (_, i) => {
      const message = `Bench enquiry ${i} ${started}`;
      const { status, ms } = await postEnquiry(paced.base, message);
      return { message, status, ms };
    }),
  );
  const answeredMs = Date.now() - started;
  const burstPeak = sampler.stop();
  const sends = () =>
    readRecordedSends(paced.record)
      .map((s) => ({ at: s.at, message: s.fields.message ?? "" }))
      .filter((s) => s.message.startsWith("Bench enquiry"));
  const deadline = Date.now() + burstSize * 1_000 + 15_000;
  while (Date.now() < deadline && sends().length < burstSize) await new Promise((r) => setTimeout(r, 250));
  const deliveredMs = Date.now() - started;
  await paced.stop();
  const delivered = new Map<string, number>();
  for (const s of sends()) delivered.set(s.message, (delivered.get(s.message) ?? 0) + 1);
  const accepted = burst.filter((b) => b.status === 302);
  const lost = burst.filter((b) => !delivered.has(b.message));
  const twice = [...delivered.values()].filter((n) => n > 1).length;
  const gaps = sends()
    .map((s) => s.at)
    .sort((x, y) => x - y)
    .flatMap((at, i, all) => (i ? [at - all[i - 1]!] : []));
  const minGap = gaps.length ? Math.min(...gaps) : Infinity;
  const slowestAnswer = Math.max(...burst.map((b) => b.ms));
  console.log(
    `\nenquiry burst: ${burstSize} at once: ${accepted.length} accepted (302) within ${answeredMs} ms (slowest ${f(slowestAnswer, 0)} ms); ` +
      `${delivered.size} delivered in ${(deliveredMs / 1000).toFixed(1)} s, ${twice} twice, ${lost.length} lost; ` +
      `closest two calls to EmailJS ${minGap} ms apart; peak RSS ${(burstPeak / 1048576).toFixed(0)} MB`,
  );
  goals.push({
    name: "enquiry burst: all accepted and delivered once, paced",
    ok: accepted.length === burstSize && lost.length === 0 && twice === 0 && minGap >= 990,
    value: `${delivered.size}/${burstSize}, closest ${minGap} ms`,
  });
  report.burst = {
    size: burstSize,
    accepted: accepted.length,
    answeredMs,
    slowestAnswer,
    delivered: delivered.size,
    deliveredMs,
    twice,
    lost: lost.length,
    minGap,
  };
} finally {
  refBuild?.remove();
  rmSync(dir, { recursive: true, force: true });
}

console.log("");
for (const g of goals) console.log(`${g.ok ? "ok  " : "MISS"} ${g.name}: ${g.value}`);
for (const a of aims) console.log(`${a.ok ? "ok  " : "off "} aim (reported, not gated): ${a.name}: ${a.value}`);
mkdirSync("reports", { recursive: true });
const failed = goals.filter((g) => !g.ok).length;
writeFileSync(
  "reports/bench.json",
  JSON.stringify({ passed: goals.length - failed, failed, goals, aims, ...report }, null, 2),
);
process.exit(failed ? 1 : 0);
