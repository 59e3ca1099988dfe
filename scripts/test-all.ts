// Runs every check in order and ends with one line "N passed, M failed" that totals all suites; a step that cannot
// run its tests (typecheck, build) counts as one failed check.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { measureTimeScale } from "../tests/e2e/time-scale";

const REPORTS = "reports";
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

type Counts = { passed: number; failed: number };

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function step(
  label: string,
  command: string,
  args: string[],
  { counts = true, env }: { counts?: boolean; env?: Record<string, string> } = {},
) {
  const { ok, seconds } = run(label, command, args, env);
  if (!ok) failed++;
  else if (counts) passed++;
  lines.push(`${label}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
  return ok;
}

function suite(label: string, command: string, args: string[], count: () => Counts, env?: Record<string, string>) {
  const { ok, seconds } = run(label, command, args, env);
  let counts: Counts;
  try {
    counts = count();
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  // A runner that failed without reporting a failed test still fails the run.
  if (!ok && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed (${seconds}s)`);
  return ok;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

async function parallelSteps(steps: [label: string, command: string, args: string[]][]) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise<{ label: string; ok: boolean; output: string; seconds: string }>((resolve) => {
          const child = spawn(command, args, { env: process.env });
          let output = "";
          child.stdout.on("data", (d) => (output += d));
          child.stderr.on("data", (d) => (output += d));
          child.on("close", (code) =>
            resolve({ label, ok: code === 0, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
          );
          child.on("error", (error) => resolve({ label, ok: false, output: String(error), seconds: "0" }));
        }),
    ),
  );
  for (const { label, ok, output, seconds } of results) {
    console.log(`\n=== ${label} (side by side with the other static checks)\n${output.trimEnd()}`);
    if (ok) passed++;
    else failed++;
    lines.push(`${label}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
  }
}

// Setup, counted only when it fails (scripts/ensure-debian.sh says why each package).
step(
  "Debian packages (chromium, nginx-light, postgresql)",
  "bash",
  ["scripts/ensure-debian.sh", "chromium", "nginx-light", "postgresql"],
  { counts: false },
);
step("images", "npm", ["run", "images"], { counts: false });
// The static checks are independent: run side by side on the two cores, reported in order.
await parallelSteps([
  ["typecheck", "node_modules/.bin/tsc", []],
  ["lint (eslint)", "node_modules/.bin/eslint", ["--max-warnings=0", "."]],
  ["format (prettier)", "node_modules/.bin/prettier", ["--check", ".", "--log-level=warn"]],
  ["layers (import direction)", "node_modules/.bin/tsx", ["scripts/check-layers.ts"]],
  ["unused files and exports (knip)", "node_modules/.bin/knip", ["--no-progress"]],
]);
suite(
  "unit (vitest)",
  "node_modules/.bin/vitest",
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`],
  () => {
    const r = readJson(`${REPORTS}/vitest.json`);
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numTotalTestSuites === 0 ? 1 : 0) };
  },
  // PostgreSQL was installed above: its tests must run here, not be skipped as in `validate`.
  { REQUIRE_POSTGRES: "1" },
);
// Built with the e2e EmailJS ids in its environment: the bundle test proves nothing reads them into client code.
const e2eIds = readJson("tests/e2e/emailjs-test-ids.json");
const built = step("build", "npm", ["run", "build"], { env: e2eIds });
if (built) {
  suite("container smoke", "bash", ["scripts/container-smoke.sh"], () => readJson(`${REPORTS}/container-smoke.json`));
  // Waits about the machine's speed grow with it: one factor, measured now, for every worker.
  const scale = process.env.E2E_TIME_SCALE ?? String(measureTimeScale());
  lines.push(`(end-to-end waits ×${scale}: tests/e2e/time-scale.ts)`);
  suite(
    "end-to-end (playwright)",
    "node_modules/.bin/playwright",
    ["test"],
    () => {
      const r = readJson(`${REPORTS}/playwright.json`);
      return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
    },
    { E2E_TIME_SCALE: scale },
  );
  // After the browser tests, so nothing else loads the machine while they measure.
  suite("bench (load, enquiry burst)", "node_modules/.bin/tsx", ["scripts/bench.ts"], () =>
    readJson(`${REPORTS}/bench.json`),
  );
  // The queue benches are run by hand when the store or the worker changes: CI's 20 minutes go to the proofs.
  suite("budget (bytes per page)", "node_modules/.bin/tsx", ["scripts/budget.ts"], () =>
    readJson(`${REPORTS}/budget.json`),
  );
  // Performance gated as a ratio to nginx; desktop and the side by side are `npm run lighthouse`'s, by hand.
  suite(
    "lighthouse (mobile; beside nginx on the same bytes when needed)",
    "node_modules/.bin/tsx",
    ["scripts/lighthouse.ts", "mobile", "--runs=1", "--reference=needed"],
    () => readJson(`${REPORTS}/lighthouse/summary.json`),
  );
} else {
  failed++;
  lines.push("end-to-end: not run (build failed)");
}

console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
