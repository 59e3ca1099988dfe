// Lighthouse 13.5.0 (mobile and desktop presets, Debian Chromium) on every page of the
// production build, both languages. Mobile runs each page up to three times and reports the
// median of each figure (a third run only when the first two disagree on a floor: the median of
// three is decided by two that agree); desktop once (its figures are far from any limit). Prints the four category
// scores and FCP, LCP, TBT and CLS per page; exits 1 when a median score is under the floor in
// budgets.json ("lighthouse"), and says which pages miss the paint goals
// ("lighthouseGoals", mobile). Lighthouse is fetched with `npx --yes`, not installed as a
// dependency (its ranges upset `npm ci` at times), and run in this process against one
// browser: a run takes about 6 s instead of 12 s through its command line.
// Usage: tsx scripts/lighthouse.ts [mobile] [desktop] [--runs=N] [/path ...]
// Reports go to reports/lighthouse/.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PAGE_PATHS } from "../app/content/pages";
import { serveBuild } from "./lib/serve-build";

const LIGHTHOUSE = "lighthouse@13.5.0";
const args = process.argv.slice(2);
const presets = args.filter((a) => a === "mobile" || a === "desktop");
if (!presets.length) presets.push("mobile", "desktop");
const mobileRuns = Number(/^--runs=(\d+)$/.exec(args.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 3);
const onlyPaths = args.filter((a) => a.startsWith("/"));
const paths = onlyPaths.length ? onlyPaths : PAGE_PATHS;
const budgets = JSON.parse(readFileSync("budgets.json", "utf8"));
const floors = budgets.lighthouse;
const goals: { fcpMs: number; lcpMs: number; performance: number } = budgets.lighthouseGoals;
const out = "reports/lighthouse";
mkdirSync(out, { recursive: true });

/** Lighthouse's install folder from npx's cache (installed there on first use). */
function lighthouseModules(): string {
  const bin = execFileSync("npx", ["--yes", "--package", LIGHTHOUSE, "-c", "command -v lighthouse"], {
    encoding: "utf8",
  }).trim();
  // …/node_modules/.bin/lighthouse → …/node_modules/lighthouse/cli/index.js
  return path.resolve(path.dirname(realpathSync(bin)), "../..");
}

type Lhr = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { type?: string; nodeLabel?: string }[] } } | undefined
  >;
};
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: Lhr; report: string | string[] } | undefined>;

const modules = lighthouseModules();
const lighthouse = (await import(pathToFileURL(path.join(modules, "lighthouse/core/index.js")).href))
  .default as RunLighthouse;
const desktopConfig = (await import(pathToFileURL(path.join(modules, "lighthouse/core/config/desktop-config.js")).href))
  .default;
const chromeLauncher = await import(pathToFileURL(path.join(modules, "chrome-launcher/dist/index.js")).href);

const server = await serveBuild({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3160) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});

const SCORES = ["performance", "accessibility", "bestPractices", "seo"] as const;
type Figures = Record<(typeof SCORES)[number] | "fcp" | "lcp" | "tbt" | "cls", number>;
type Row = { preset: string; path: string; runs: number } & (
  { failed: true } | ({ failed?: false; lcpElement: string; all: Figures[] } & Figures)
);

function figuresOf(lhr: Lhr): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

/** Which floors a run meets (for the early stop: two runs with the same verdict decide). */
const verdictOf = (f: Figures) => SCORES.map((k) => f[k] >= (floors?.[k] ?? 0)).join();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

const rows: Row[] = [];
try {
  for (const preset of presets) {
    const runs = preset === "mobile" ? mobileRuns : 1;
    for (const pagePath of paths) {
      const name = `${preset}-${pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-")}`;
      const all: Figures[] = [];
      let lcpElement = "";
      for (let run = 1; run <= runs; run++) {
        // The median of three is at or above a floor exactly when two runs are: once two runs
        // agree on every floor, the third cannot change the verdict (each figure: the lesser of the two).
        if (runs === 3 && all.length === 2 && verdictOf(all[0]!) === verdictOf(all[1]!)) break;
        // Lighthouse sometimes fails to record a trace ("NO_NAVSTART: please run Lighthouse
        // again"): try a run up to three times before counting it as failed.
        for (let attempt = 1; attempt <= 3; attempt++) {
          const result = await lighthouse(
            server.base + pagePath,
            { port: chrome.port, output: "json", logLevel: "error" },
            preset === "desktop" ? desktopConfig : undefined,
          ).catch((error: Error) => ({ error }));
          const runtimeError =
            result && "lhr" in result ? (result.lhr as { runtimeError?: { message: string } }).runtimeError : undefined;
          if (result && "lhr" in result && !runtimeError) {
            all.push(figuresOf(result.lhr));
            lcpElement =
              result.lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node")?.nodeLabel ??
              "";
            if (run === 1) writeFileSync(`${out}/${name}.json`, String(result.report));
            break;
          }
          const why = result && "error" in result ? result.error.message : (runtimeError?.message ?? "no result");
          console.log(
            `lighthouse: ${preset} ${pagePath}: run ${run}, attempt ${attempt} failed: ${why.split("\n")[0]}`,
          );
        }
      }
      if (all.length < Math.min(runs, 2)) {
        rows.push({ preset, path: pagePath, runs, failed: true });
        continue;
      }
      const med = Object.fromEntries(
        (Object.keys(all[0]!) as (keyof Figures)[]).map((key) => [key, median(all.map((f) => f[key]))]),
      ) as Figures;
      rows.push({ preset, path: pagePath, runs: all.length, ...med, lcpElement, all });
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `${pad("preset", 9)}${pad("page", 31)}${pad("runs", 6)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 5)}${pad("seo", 5)}${pad("FCP", 9)}${pad("LCP", 9)}${pad("TBT", 8)}${pad("CLS", 7)}LCP element`,
);
let under = 0;
const missedGoals: string[] = [];
for (const r of rows) {
  if (r.failed) {
    under++;
    console.log(`${pad(r.preset, 9)}${pad(r.path, 31)}no report: Lighthouse failed three times`);
    continue;
  }
  const low = SCORES.filter((k) => r[k] < (floors?.[k] ?? 0));
  if (low.length) under++;
  if (r.preset === "mobile" && (r.fcp > goals.fcpMs || r.lcp > goals.lcpMs || r.performance < goals.performance))
    missedGoals.push(r.path);
  console.log(
    `${pad(r.preset, 9)}${pad(r.path, 31)}${pad(r.runs, 6)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 5)}${pad(r.seo, 5)}` +
      `${pad(`${Math.round(r.fcp)} ms`, 9)}${pad(`${Math.round(r.lcp)} ms`, 9)}${pad(`${Math.round(r.tbt)} ms`, 8)}${pad(r.cls.toFixed(3), 7)}` +
      `${r.lcpElement.replace(/\s+/g, " ").slice(0, 40)}${low.length ? `  UNDER: ${low.join(", ")}` : ""}`,
  );
}
if (presets.includes("mobile")) {
  console.log(
    missedGoals.length
      ? `lighthouse: goal (mobile median FCP ≤ ${goals.fcpMs} ms, LCP ≤ ${goals.lcpMs} ms, performance ${goals.performance}) missed on ${missedGoals.join(" ")}`
      : `lighthouse: every page meets the goal (mobile median FCP ≤ ${goals.fcpMs} ms, LCP ≤ ${goals.lcpMs} ms, performance ${goals.performance})`,
  );
}
console.log(
  under
    ? `lighthouse: ${under} page(s) under the floors in budgets.json`
    : "lighthouse: every page at or above its floors",
);
writeFileSync(
  `${out}/summary.json`,
  JSON.stringify({ passed: rows.length - under, failed: under, missedGoals, rows }, null, 2),
);
process.exit(under ? 1 : 0);
