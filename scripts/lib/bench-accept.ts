// The bench's client of the accept path (scripts/bench.ts): POSTs as a browser without
// JavaScript sends them, one at a time and in bursts, timed, with the server's CPU time and how
// many enquiries shared a commit; and the disk's own fsync, the floor they are measured against.
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { cpuTicks } from "./process-cpu";
import { median, quantile } from "./stats";

export const SINGLE_POSTS = 20;
export const CONCURRENT_POSTS = 200;
export const METRICS_TOKEN = "bench-metrics-token";

/** A counter of /metrics (Prometheus's text format); NaN when the build has none. */
async function counter(base: string, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(pattern.exec(text)?.[1] ?? NaN);
}
/** The page cache's hits so far. */
export const cacheHits = (base: string) => counter(base, /^page_cache_requests_total\{result="hit"\} (\d+)/m);
/** Transactions that committed accepted enquiries so far (group commit; NaN before it). */
export const acceptCommits = (base: string) => counter(base, /^enquiry_accept_commits_total (\d+)/m);
const p99 = (xs: number[]) => quantile(xs, 0.99);

/** The disk's own price of durability: append a page (4 KB, one WAL frame) and fdatasync it,
 * as a committing SQLite does once per transaction; milliseconds per sync. */
export function fsyncTimes(folder: string, count = 200): number[] {
  const file = path.join(folder, "fsync-probe");
  const fd = openSync(file, "w");
  const page = Buffer.alloc(4096, 7);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      writeSync(fd, page, 0, page.length, i * page.length);
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  return times;
}

/** Connections kept open between requests, as a browser keeps them (and fetch did here). */
const keptOpen = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One enquiry POSTed as a browser without JavaScript would; its answer's status and time.
 * node:http, not fetch: the client shares the server's cores, and fetch cost about 1 ms of CPU
 * per POST, more than half the server's own (issue 40); this costs about a fifth of that.
 * `fresh`: on a connection of its own, closed after (a campaign's visitors, each a new phone). */
export function postEnquiry(base: string, message: string, fresh = false): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return postOnce(base, message, fresh).catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
    // A kept connection the server closed while idle (its keep-alive timeout, 5 s): the request
    // never reached it, so it is sent again, as browsers do (Node's documented pattern).
    if (error.reusedSocket && error.code === "ECONNRESET") return postOnce(base, message, fresh, started);
    throw error;
  });
}

function postOnce(
  base: string,
  message: string,
  fresh: boolean,
  started = performance.now(),
): Promise<{ status: number; ms: number }> {
  const body = new URLSearchParams({
    name: "Bench",
    email: "bench@example.com",
    number: "+385 91 000 0000",
    category: "other",
    message,
    website: "",
  }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/contact`,
      {
        method: "POST",
        agent: fresh ? false : keptOpen,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.once("error", reject);
      },
    );
    req.once("error", (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

export type Burst = {
  medianMs: number;
  p99Ms: number;
  wallMs: number;
  cpuMs: number;
  perCommit: number;
  refused: number;
};
/** CONCURRENT_POSTS enquiries at once: their times, the wall time, the server's CPU time and
 * how many shared a commit. */
export async function burstOf(base: string, pid: number, tag: string, fresh = false): Promise<Burst> {
  const commits = await acceptCommits(base);
  const ticks = cpuTicks(pid);
  const started = performance.now();
  const burst = await Promise.all(
    Array.from({ length: CONCURRENT_POSTS }, (_, i) => postEnquiry(base, `Bench burst ${tag} ${i}`, fresh)),
  );
  const wallMs = performance.now() - started;
  const times = burst.map((b) => b.ms);
  return {
    medianMs: median(times),
    p99Ms: p99(times),
    wallMs,
    cpuMs: (cpuTicks(pid) - ticks) * 10,
    perCommit: CONCURRENT_POSTS / ((await acceptCommits(base)) - commits),
    refused: burst.filter((b) => b.status !== 302).length,
  };
}

export type Accept = {
  single: number;
  burstMedian: number;
  burstP99: number;
  /** The same burst, each POST on a new connection. */
  freshP99: number;
  perEnquiry: number;
  cpuPerEnquiry: number;
  /** Enquiries of the burst per committed transaction (NaN: a build without group commit). */
  perCommit: number;
  refused: number;
};
/** One round of the accept path: POSTs one after another, then a burst all at once on open
 * connections (its wall time and the server's CPU time per enquiry), then one on new ones. */
export async function acceptRound(base: string, pid: number, tag: string): Promise<Accept> {
  const single: number[] = [];
  let refused = 0;
  for (let i = 0; i < SINGLE_POSTS; i++) {
    const r = await postEnquiry(base, `Bench alone ${tag} ${i}`);
    single.push(r.ms);
    if (r.status !== 302) refused++;
  }
  const burst = await burstOf(base, pid, tag);
  const fresh = await burstOf(base, pid, `${tag} new`, true);
  return {
    single: median(single),
    burstMedian: burst.medianMs,
    burstP99: burst.p99Ms,
    freshP99: fresh.p99Ms,
    perEnquiry: burst.wallMs / CONCURRENT_POSTS,
    cpuPerEnquiry: burst.cpuMs / CONCURRENT_POSTS,
    perCommit: burst.perCommit,
    refused: refused + burst.refused + fresh.refused,
  };
}
