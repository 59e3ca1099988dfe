// The bench's client of the accept path (scripts/bench.ts), and the disk's own fsync it is measured against.
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { cpuTicks } from "./process-cpu";
import { median, quantile } from "./stats";

export const SINGLE_POSTS = 20;
export const CONCURRENT_POSTS = 200;
export const METRICS_TOKEN = "bench-metrics-token";

async function counter(base: string, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(pattern.exec(text)?.[1] ?? NaN);
}
export const cacheHits = (base: string) => counter(base, /^page_cache_requests_total\{result="hit"\} (\d+)/m);
const acceptCommits = (base: string) => counter(base, /^enquiry_accept_commits_total (\d+)/m);
const p99 = (xs: number[]) => quantile(xs, 0.99);

/** As a committing SQLite does once per transaction: a 4 KB page appended and fdatasync'd; ms per sync. */
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

const keptOpen = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** node:http, not fetch: the client shares the server's cores, and fetch cost about 1 ms of CPU per POST (decision 0034). */
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
  freshP99: number;
  perEnquiry: number;
  cpuPerEnquiry: number;
  perCommit: number;
  refused: number;
};
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
