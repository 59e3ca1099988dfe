// Load benchmark on loopback against the production build:
//  1. page GETs (every page in turn, with the Accept-Encoding browsers send) for BENCH_SECONDS
//     (default 10) at 50 connections;
//  2. a burst of valid enquiries against the EmailJS stand-in: every one accepted at once, then
//     delivered exactly once, never two calls to EmailJS within a second (none lost);
//  3. the same page load against nginx (Debian's nginx-light, installed when missing) serving
//     the very same HTML bytes, precompressed (gzip_static), and our figures against it.
// Prints requests/s, p50/p99 latency, errors and peak RSS, and checks the goals: at least half
// of nginx's requests per second, p99 ≤ 25 ms, no errors, peak RSS ≤ 200 MB. Exits 1 when one
// is missed. Needs a build (`npm run build`).
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { readRecordedSends } from "../mocks/recorded-sends";
import { PAGE_PATHS } from "../app/content/pages";
import { serveBuild } from "./lib/serve-build";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const GOALS = { ratio: 0.5, p99Ms: 25, peakRssMb: 200 };
const connections = 50;
const burstSize = Number(process.env.BENCH_BURST ?? 30);
const dir = mkdtempSync(path.join(tmpdir(), "bench-"));
const record = path.join(dir, "emailjs-requests.jsonl");
const database = path.join(dir, "site.db");
const ids = JSON.parse(readFileSync("tests/e2e/emailjs-test-ids.json", "utf8"));

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

async function load(base: string, pid: number, label: string) {
  const sampler = rssSampler(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: PAGE_PATHS.map((p) => ({
      method: "GET" as const,
      path: p,
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    })),
  });
  const peak = sampler.stop();
  const row = {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    peakRss: peak,
  };
  console.log(
    `${label.padEnd(26)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}   requests ${row.requests}   peak RSS ${(peak / 1048576).toFixed(0)} MB`,
  );
  return row;
}

// 1. Our server.
const server = await serveBuild({
  port: 3180,
  env: { ...ids, MOCKS: "true", MOCKS_RECORD_FILE: record, DATABASE_URL: `file:${database}`, RATE_LIMIT_MAX: "0" },
});
console.log(`bench: ${seconds} s at ${connections} connections per run, pages ${PAGE_PATHS.join(" ")}`);
// One request per page first: the page cache renders each page once, then serves it.
for (const p of PAGE_PATHS) await fetch(server.base + p, { headers: { "accept-encoding": BROWSER_ENCODINGS } });
const ours = await load(server.base, server.child.pid!, "ours (build/start.js)");

// 3. Burst of valid enquiries, all at once: every one is accepted (stored) at once, then
// delivered by the worker one a second.
const sampler = rssSampler(server.child.pid!);
const started = Date.now();
const burst = await Promise.all(
  Array.from({ length: burstSize }, async (_, i) => {
    const message = `Bench enquiry ${i} ${started}`;
    const sentAt = Date.now();
    const res = await fetch(`${server.base}/contact`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        name: "Bench",
        email: "bench@example.com",
        number: "+385 91 000 0000",
        category: "other",
        message,
        website: "",
      }),
    });
    return { message, status: res.status, ms: Date.now() - sentAt };
  }),
);
const answeredMs = Date.now() - started;
const burstPeak = sampler.stop();
const deliveredMessages = () =>
  readRecordedSends(record).map((s) => ({ at: s.at, fields: { message: s.fields.message ?? "" } }));
// Delivery at EmailJS's pace: about one a second, plus a margin.
const deadline = Date.now() + burstSize * 1_000 + 15_000;
while (
  Date.now() < deadline &&
  deliveredMessages().filter((d) => d.fields.message.startsWith("Bench enquiry")).length < burstSize
) {
  await new Promise((r) => setTimeout(r, 250));
}
const deliveredMs = Date.now() - started;
await server.stop();

const sends = deliveredMessages().filter((d) => d.fields.message.startsWith("Bench enquiry"));
const delivered = new Map<string, number>();
for (const s of sends) delivered.set(s.fields.message, (delivered.get(s.fields.message) ?? 0) + 1);
const accepted = burst.filter((b) => b.status === 302);
const lost = burst.filter((b) => !delivered.has(b.message));
const twice = [...delivered.values()].filter((n) => n > 1).length;
const gaps = sends
  .map((s) => s.at)
  .sort((x, y) => x - y)
  .flatMap((at, i, all) => (i ? [at - all[i - 1]!] : []));
const minGap = gaps.length ? Math.min(...gaps) : Infinity;
const slowestAnswer = Math.max(...burst.map((b) => b.ms));
console.log(
  `enquiry burst: ${burstSize} at once: ${accepted.length} accepted (302) within ${answeredMs} ms (slowest ${slowestAnswer} ms); ` +
    `${delivered.size} delivered in ${(deliveredMs / 1000).toFixed(1)} s, ${twice} twice, ${lost.length} lost; ` +
    `closest two calls to EmailJS ${minGap} ms apart; peak RSS ${(burstPeak / 1048576).toFixed(0)} MB`,
);
const burstOk = accepted.length === burstSize && lost.length === 0 && twice === 0 && minGap >= 990;

// 3. nginx serving the same bytes: each page's HTML as our server sends it, and its gzip.
execFileSync("bash", ["scripts/ensure-debian.sh", "nginx-light"], { stdio: "inherit" });
const copy = path.join(dir, "static");
mkdirSync(copy, { recursive: true });
// nginx's workers run as an unprivileged user: they must be able to read the copy.
chmodSync(dir, 0o755);
const copyServer = await serveBuild({ port: 3181 });
for (const p of PAGE_PATHS) {
  const html = Buffer.from(
    await (await fetch(copyServer.base + p, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
  );
  const file = path.join(copy, p === "/" ? "index.html" : `${p.slice(1)}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}
await copyServer.stop();
const nginxConf = path.join(dir, "nginx.conf");
writeFileSync(
  nginxConf,
  `worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off; default_type text/html; gzip_static on; etag on;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server { listen 127.0.0.1:3182; root ${copy}; location = / { try_files /index.html =404; } location / { try_files $uri.html =404; } }
}
`,
);
const nginx = spawn(existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx", ["-c", nginxConf, "-p", dir], {
  stdio: "inherit",
});
for (let i = 0; i < 50; i++) {
  if (
    await fetch("http://127.0.0.1:3182/").then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 100));
}
// Check it serves what we copied before measuring it.
const probe = await fetch("http://127.0.0.1:3182/contact", { headers: { "accept-encoding": "gzip" } });
if (probe.status !== 200) throw new Error(`nginx answered ${probe.status} for /contact`);
const plain = await load("http://127.0.0.1:3182", nginx.pid!, "nginx (gzip_static)");
nginx.kill("SIGQUIT");

const ratio = ours.rps / plain.rps;
console.log(`bench: our throughput is ${(ratio * 100).toFixed(1)}% of nginx's (${ratio.toFixed(2)}×)`);
const goals = [
  {
    name: `throughput ≥ ${GOALS.ratio * 100}% of nginx's`,
    ok: ratio >= GOALS.ratio,
    value: `${(ratio * 100).toFixed(1)}%`,
  },
  { name: `p99 ≤ ${GOALS.p99Ms} ms`, ok: ours.p99 <= GOALS.p99Ms, value: `${ours.p99} ms` },
  { name: "no errors under load", ok: ours.errors === 0, value: String(ours.errors) },
  {
    name: `peak RSS ≤ ${GOALS.peakRssMb} MB`,
    ok: ours.peakRss <= GOALS.peakRssMb * 1048576,
    value: `${(ours.peakRss / 1048576).toFixed(0)} MB`,
  },
  {
    name: "enquiry burst: all accepted and delivered once, paced",
    ok: burstOk,
    value: `${delivered.size}/${burstSize}`,
  },
];
for (const g of goals) console.log(`${g.ok ? "ok  " : "MISS"} ${g.name}: ${g.value}`);
const failed = goals.some((g) => !g.ok);
if (!burstOk)
  console.log(
    `FAILED: enquiry burst (accepted ${accepted.length}/${burstSize}, lost ${lost.length}, twice ${twice}, closest ${minGap} ms)`,
  );
mkdirSync("reports", { recursive: true });
writeFileSync(
  "reports/bench.json",
  JSON.stringify(
    {
      passed: goals.filter((g) => g.ok).length,
      failed: goals.filter((g) => !g.ok).length,
      goals,
      ours,
      plain,
      ratio,
      burst: {
        size: burstSize,
        accepted: accepted.length,
        answeredMs,
        slowestAnswer,
        delivered: delivered.size,
        deliveredMs,
        twice,
        lost: lost.length,
        minGap,
      },
    },
    null,
    2,
  ),
);
process.exit(failed ? 1 : 0);
