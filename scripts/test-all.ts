// Every check, with one total line "N passed, M failed"; a step that cannot run its tests (typecheck, build) is one
// failed check. What times nothing runs side by side; the bench and Lighthouse alone, the e2e beside nice-19 checks.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { measureTimeScale } from "../tests/e2e/time-scale";
import { printOutcomes, runQuietly, sideBySide, STATIC_CHECKS, type Command, type Outcome } from "./lib/side-by-side";

const REPORTS = "reports";
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
const lines: string[] = [];
const runStarted = Date.now();

type Counts = { passed: number; failed: number };
type Check = Command & { counts?: () => Counts };

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

function tally({ label, counts }: Check, ok: boolean, seconds: number) {
  if (!counts) {
    if (ok) passed++;
    else failed++;
    lines.push(`${label}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
    return;
  }
  let c: Counts;
  try {
    c = counts();
  } catch {
    c = { passed: 0, failed: 1 };
  }
  if (!ok && c.failed === 0) c.failed = 1;
  passed += c.passed;
  failed += c.failed;
  lines.push(`${label}: ${c.passed} passed, ${c.failed} failed (${seconds}s)`);
}

async function inherited({ label, command, args, env }: Command) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("close", (code) => resolve(code === 0));
    child.on("error", () => resolve(false));
  });
  return { ok, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

async function alone(check: Check): Promise<boolean> {
  const { ok, seconds } = await inherited(check);
  tally(check, ok, seconds);
  return ok;
}

const tallied = (checks: Check[], outcomes: Outcome[]) => {
  outcomes.forEach(({ ok, seconds }, i) => tally(checks[i]!, ok, seconds));
  return outcomes;
};
const together = async (checks: Check[]) => tallied(checks, await sideBySide(checks));

async function setup(label: string, command: string, args: string[]) {
  const { ok, seconds } = await inherited({ label, command, args });
  if (!ok) failed++;
  lines.push(`${label}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
}

await setup("Debian packages (chromium, chromium-headless-shell, nginx-light, postgresql)", "bash", [
  "scripts/ensure-debian.sh",
  "chromium",
  "chromium-headless-shell",
  "nginx-light",
  "postgresql",
]);
// The container smoke's Node 22 binding (seconds, or a minute where npm ci compiled no SQLite) beside the first round.
const smokePrepared = runQuietly({
  label: "container smoke's caches",
  command: "bash",
  args: ["scripts/container-smoke.sh", "--prepare"],
  background: true,
});
await setup("images", "npm", ["run", "images"]);

// Built with the e2e EmailJS ids in its environment: the bundle test proves nothing reads them into client code.
const build: Check = {
  label: "build",
  background: true,
  command: "npm",
  args: ["run", "build"],
  env: readJson("tests/e2e/emailjs-test-ids.json"),
};
// The unit tests mostly wait: beside the build; then what needs the build and times nothing.
const unit: Check = {
  label: "unit (vitest)",
  command: "node_modules/.bin/vitest",
  args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`],
  // PostgreSQL was installed above: its tests must run here, not be skipped as in `validate`.
  env: { REQUIRE_POSTGRES: "1" },
  counts: () => {
    const r = readJson(`${REPORTS}/vitest.json`);
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numTotalTestSuites === 0 ? 1 : 0) };
  },
};
const firstRound = await together([build, unit]);
const built = firstRound.find((o) => o.label === build.label)!.ok;
await smokePrepared;
// Until the bench, on the cores the end-to-end tests leave idle (outages, restarts); `inherited` spawns, not spawnSync.
const staticChecks = Promise.all(STATIC_CHECKS.map(runQuietly));

if (built)
  await together([
    {
      label: "container smoke",
      command: "bash",
      args: ["scripts/container-smoke.sh"],
      counts: () => readJson(`${REPORTS}/container-smoke.json`),
    },
    {
      label: "budget (bytes per page)",
      command: "node_modules/.bin/tsx",
      args: ["scripts/budget.ts"],
      counts: () => readJson(`${REPORTS}/budget.json`),
    },
  ]);

if (built) {
  // Waits about the machine's speed grow with it: one factor, measured now, for every worker.
  const scale = process.env.E2E_TIME_SCALE ?? String(measureTimeScale());
  lines.push(`(end-to-end waits ×${scale}: tests/e2e/time-scale.ts)`);
  await alone({
    label: "end-to-end (playwright)",
    command: "node_modules/.bin/playwright",
    args: ["test"],
    env: { E2E_TIME_SCALE: scale },
    counts: () => {
      const r = readJson(`${REPORTS}/playwright.json`);
      return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
    },
  });
} else {
  failed++;
  lines.push("end-to-end: not run (build failed)");
}
tallied(STATIC_CHECKS, printOutcomes(await staticChecks));

if (built) {
  // Alone, so nothing else loads the machine while they measure; half npm run bench's windows and burst, no floor.
  await alone({
    label: "bench (load, enquiry burst)",
    command: "node_modules/.bin/tsx",
    args: ["scripts/bench.ts"],
    env: { BENCH_SECONDS: "5", BENCH_CONTACT_SECONDS: "3", BENCH_BURST: "5", BENCH_NODE_FLOOR: "0" },
    counts: () => readJson(`${REPORTS}/bench.json`),
  });
  // By hand: the queue benches, Lighthouse's desktop and Croatian pages (English templates; axe, seo.spec run here).
  await alone({
    label: "lighthouse (mobile, the English pages; beside nginx on the same bytes when needed)",
    command: "node_modules/.bin/tsx",
    args: ["scripts/lighthouse.ts", "mobile", "--locale=en", "--runs=1", "--reference=needed"],
    counts: () => readJson(`${REPORTS}/lighthouse/summary.json`),
  });
}

console.log(`\n${lines.join("\n")}`);
console.log(`(whole run ${Math.round((Date.now() - runStarted) / 1000)}s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
