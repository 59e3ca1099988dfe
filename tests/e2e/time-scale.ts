import { median } from "../../scripts/lib/stats";

/** The end-to-end suite's waits are written for the team's 2-core machine when nothing else
 * runs on it. On a slower or busier machine the same steps take longer, and a wait that is
 * about the machine's speed (a test's time limit, how long an assertion retries, a server's
 * start) must grow with it, or the suite fails for the machine, not for the code. So the
 * runner measures, once per run, how long a fixed piece of work takes here now against how
 * long it takes on that machine idle, and every such wait is multiplied by that factor (never
 * below 1). Waits that are about the product's own clock (a toast's 6 s, a delivery's pacing)
 * keep their time and scale only their margin. */

/** The median of the samples below on the team's machine, idle (2026-11-25: 27–29 ms). */
const REFERENCE_MS = 28;
const SAMPLES = 21;
/** A busier machine than this is not worth waiting for: the run would take hours. */
const MAX_SCALE = 8;

function work(): number {
  let x = 0;
  for (let i = 0; i < 5e6; i++) x = (x * 31 + i) % 1_000_003;
  return x;
}

/** This machine's slowness now, as a factor ≥ 1 (the median of a few short samples, so one
 * interruption does not decide it). */
export function measureTimeScale(): number {
  const samples: number[] = [];
  let sink = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    sink += work();
    samples.push(performance.now() - started);
  }
  if (sink === -1) console.log(sink); // keeps the work from being optimised away
  return Math.round(Math.min(MAX_SCALE, Math.max(1, median(samples) / REFERENCE_MS)) * 10) / 10;
}

/** The factor of this run: set by the runner (scripts/test-all.ts) or by playwright.config.ts
 * before its workers start, so every worker uses the same one. */
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 1) || 1;

/** A wait about the machine's speed, scaled to this run's machine. */
export const scaled = (ms: number) => Math.round(ms * TIME_SCALE);
