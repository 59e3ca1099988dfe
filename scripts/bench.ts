// Load benchmark on loopback against the production build:
//  1. page GETs (the five pages in turn) for BENCH_SECONDS (default 20) at 50 connections;
//  2. the same load against a static copy of the same pages served by a plain static file
//     server (express.static), and our throughput as a ratio of it;
//  3. a burst of valid enquiries against the EmailJS stand-in: every one accepted at once, then
//     delivered exactly once, never two calls to EmailJS within a second (none lost).
// Prints requests/s, p50/p99 latency, errors and peak RSS. Exits 1 on errors or a lost
// enquiry. Needs a build (`npm run build`).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PAGES, serveBuild } from "./lib/serve-build";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 50;
const burstSize = Number(process.env.BENCH_BURST ?? 30);
const dir = mkdtempSync(path.join(tmpdir(), "bench-"));
const record = path.join(dir, "emailjs-requests.jsonl");
const outbox = path.join(dir, "outbox");
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
    requests: PAGES.map((p) => ({ method: "GET" as const, path: p, headers: { "accept-encoding": "gzip" } })),
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
  env: { ...ids, MOCKS: "true", MOCKS_RECORD_FILE: record, OUTBOX_DIR: outbox, RATE_LIMIT_MAX: "0" },
});
console.log(`bench: ${seconds} s at ${connections} connections per run, pages ${PAGES.join(" ")}`);
const ours = await load(server.base, server.child.pid!, "remix (build/start.js)");

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
  existsSync(record)
    ? readFileSync(record, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { fields: { message: string }; at: number })
    : [];
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

// 2. A static copy of the same pages, served by a plain static file server.
const copy = path.join(dir, "static");
const copyServer = await serveBuild({ port: 3181 });
for (const p of PAGES) {
  const html = await (await fetch(copyServer.base + p)).text();
  const target = path.join(copy, p === "/" ? "index.html" : `${p.slice(1)}.html`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
}
await copyServer.stop();
const staticScript = `
  import express from "express"; import compression from "compression";
  const app = express(); app.use(compression()); app.use(express.static(${JSON.stringify(copy)}, { extensions: ["html"] }));
  app.listen(3182, "127.0.0.1", () => console.log("ready"));`;
const staticServer = spawn(process.execPath, ["--input-type=module", "-e", staticScript], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => staticServer.stdout.once("data", resolve));
const plain = await load("http://127.0.0.1:3182", staticServer.pid!, "static copy (express.static)");
staticServer.kill();

const ratio = ours.rps / plain.rps;
console.log(`bench: our throughput is ${(ratio * 100).toFixed(0)}% of the static copy's (${ratio.toFixed(2)}×)`);
const failed = ours.errors > 0 || !burstOk;
if (ours.errors) console.log(`FAILED: ${ours.errors} errors under load`);
if (!burstOk)
  console.log(
    `FAILED: enquiry burst (accepted ${accepted.length}/${burstSize}, lost ${lost.length}, twice ${twice}, closest ${minGap} ms)`,
  );
mkdirSync("reports", { recursive: true });
writeFileSync(
  "reports/bench.json",
  JSON.stringify(
    {
      passed: (ours.errors ? 0 : 1) + (burstOk ? 1 : 0),
      failed: (ours.errors ? 1 : 0) + (burstOk ? 0 : 1),
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
