// Waits about the machine's speed grow by a factor measured once a run against the team's idle 2-core machine
// (never below 1); waits about the product's own clock (a toast's 6 s, pacing) scale only their margin.
import { Worker } from "node:worker_threads";
import { median } from "../../scripts/lib/stats";

/** A sample's median on the team's idle machine (2026-11-25: 270–290 ms): a few of a quota's 100 ms periods. */
const REFERENCE_MS = 280;
const SAMPLES = 5;
const MAX_SCALE = 8;

function work(): number {
  let x = 0;
  for (let i = 0; i < 5e7; i++) x = (x * 31 + i) % 1_000_003;
  return x;
}

// Timed beside one busy thread, as the suite never runs alone: a container's CPU quota then reads as slower cores.
const SPIN = `const { workerData } = require("node:worker_threads");
const flags = new Int32Array(workerData);
Atomics.store(flags, 1, 1);
Atomics.notify(flags, 1);
let x = 0;
while (Atomics.load(flags, 0) === 0) for (let i = 0; i < 1e5; i++) x = (x * 31 + i) % 1_000_003;`;

function anotherBusy(): () => void {
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(SPIN, { eval: true, workerData: flags.buffer });
  const until = Date.now() + 10_000;
  while (Atomics.load(flags, 1) === 0 && Date.now() < until) Atomics.wait(flags, 1, 0, 100);
  return () => {
    Atomics.store(flags, 0, 1);
    void worker.terminate();
  };
}

export function measureTimeScale(samples = SAMPLES): number {
  const times: number[] = [];
  let sink = 0;
  const done = anotherBusy();
  try {
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      sink += work();
      times.push(performance.now() - started);
    }
  } finally {
    done();
  }
  if (sink === -1) console.log(sink); // keeps the work from being optimised away
  return Math.round(Math.min(MAX_SCALE, Math.max(1, median(times) / REFERENCE_MS)) * 10) / 10;
}

/** Set by the runner or by playwright.config.ts before its workers start, so every worker uses the same one. */
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 1) || 1;

export const scaled = (ms: number) => Math.round(ms * TIME_SCALE);
