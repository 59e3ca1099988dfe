// Lighthouse 13.5.0 on every page, both languages, beside nginx serving the same bytes (and --base=REF's build), the runs
// alternating so load on the machine hits all alike; performance is gated as a share of nginx's score. Run with `npx --yes`,
// not a dependency: its ranges upset `npm ci` at times. Reports go to reports/lighthouse/.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PAGES } from "../app/content/pages";
import { LOCALES } from "../app/i18n/locale";
import { buildRef, type RefBuild } from "./lib/build-ref";
import { CHROMIUM } from "./lib/chromium";
import { missedFloors, type Floors } from "./lib/lighthouse-verdict";
import { serveStaticCopy, type StaticCopy } from "./lib/nginx-static";
import { serveBuild } from "./lib/serve-build";
import { median } from "./lib/stats";

const LIGHTHOUSE = "lighthouse@13.5.0";
const args = process.argv.slice(2);
const option = (name: string) => /^--[\w-]+=(.+)$/.exec(args.find((a) => a.startsWith(`--${name}=`)) ?? "")?.[1];
const presets = args.filter((a) => a === "mobile" || a === "desktop");
if (!presets.length) presets.push("mobile", "desktop");
const runsOption = option("runs");
const baseRef = option("base");
// needed: nginx only where this build's score alone cannot pass the gate (nginx scores at most 100), as `npm test` runs it.
const referenceMode = args.includes("--no-reference") ? "none" : (option("reference") ?? "always");
if (!["always", "needed", "none"].includes(referenceMode)) throw new Error(`--reference=${referenceMode}?`);
const onlyPaths = args.filter((a) => a.startsWith("/"));
const locale = option("locale");
if (locale && !LOCALES.some((l) => l === locale)) throw new Error(`--locale=${locale}? (${LOCALES.join(", ")})`);
const paths = onlyPaths.length ? onlyPaths : PAGES.filter((p) => !locale || p.locale === locale).map((p) => p.path);
const budgets = JSON.parse(readFileSync("budgets.json", "utf8"));
const floors: Floors = budgets.lighthouse;
const goals: { fcpMs: number; lcpMs: number; tbtMs: number; performance: number } = budgets.lighthouseGoals;
const MAX_ROUNDS = 5;
// Weight 0 in every category, a fifth of each run (tests/e2e/back-forward.spec.ts proves the back/forward cache).
const UNSCORED = ["bf-cache", "screenshot-thumbnails", "final-screenshot"];
const out = "reports/lighthouse";
mkdirSync(out, { recursive: true });

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
    | {
        numericValue?: number;
        details?: { items?: { type?: string; nodeLabel?: string; group?: string; duration?: number }[] };
      }
    | undefined
  >;
};
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: Lhr; report: string | string[]; artifacts: { Trace: unknown } } | undefined>;

const GROUPS = {
  other: "other",
  styleLayout: "style+layout",
  parseHTML: "parse",
  paintCompositeRender: "render",
  scriptEvaluation: "script",
  scriptParseCompile: "compile",
  garbageCollection: "GC",
} as const;
type Group = keyof typeof GROUPS;
type Score = "performance" | "accessibility" | "bestPractices" | "seo";
type Figures = Record<Score | "fcp" | "lcp" | "tbt" | "cls" | "mainThread" | "cpu" | Group, number>;
type TraceEvent = { name: string; ph: string; tdur?: number };

/** Unscaled: unlike Lighthouse's figure (wall time × 4) it hardly moves when other processes share the CPU. */
function cpuOf(trace: unknown): number {
  try {
    const { mainThreadEvents } = TraceProcessor.processTrace(trace) as { mainThreadEvents: TraceEvent[] };
    return (
      mainThreadEvents.filter((e) => e.name === "RunTask" && e.ph === "X").reduce((n, e) => n + (e.tdur ?? 0), 0) / 1000
    );
  } catch {
    return NaN;
  }
}

function figuresOf(lhr: Lhr, trace: unknown): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const groups = Object.fromEntries(Object.keys(GROUPS).map((g) => [g, 0])) as Record<Group, number>;
  for (const item of lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
    if (item.group && item.group in groups) groups[item.group as Group] += item.duration ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    mainThread: audit("mainthread-work-breakdown"),
    cpu: cpuOf(trace),
    ...groups,
  };
}

const medianOf = (all: Figures[]) =>
  Object.fromEntries(
    (Object.keys(all[0]!) as (keyof Figures)[]).map((k) => [k, median(all.map((f) => f[k]))]),
  ) as Figures;

type Target = { key: string; label: string; base: string };
type Row = { preset: string; path: string; target: string; runs: number; figures?: Figures; lcpElement: string };

const modules = lighthouseModules();
const lighthouse = (await import(pathToFileURL(path.join(modules, "lighthouse/core/index.js")).href))
  .default as RunLighthouse;
const desktopConfig = (await import(pathToFileURL(path.join(modules, "lighthouse/core/config/desktop-config.js")).href))
  .default;
const { TraceProcessor } = await import(
  pathToFileURL(path.join(modules, "lighthouse/core/lib/tracehouse/trace-processor.js")).href
);
const chromeLauncher = await import(pathToFileURL(path.join(modules, "chrome-launcher/dist/index.js")).href);

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3160);
// Built before anything is served: the build takes both cores for a while.
const refBuild: RefBuild | undefined = baseRef ? buildRef(baseRef) : undefined;
const stops: (() => unknown)[] = [];
const targets: Target[] = [];
// LIGHTHOUSE_DATABASE_URL: pages with an owner's published photos and words (npm run bench:media makes one).
const server = await serveBuild({
  port,
  env: process.env.LIGHTHOUSE_DATABASE_URL ? { DATABASE_URL: process.env.LIGHTHOUSE_DATABASE_URL } : {},
});
stops.push(server.stop);
targets.push({ key: "this", label: "this build", base: server.base });
let reference: StaticCopy | undefined;
if (referenceMode !== "none") {
  reference = await serveStaticCopy({ from: server.base, paths, port: port + 1 });
  stops.push(reference.stop);
  targets.push({ key: "nginx", label: "nginx, same bytes", base: reference.base });
}
if (refBuild) {
  const before = await serveBuild({ port: port + 2, cwd: refBuild.dir });
  stops.push(before.stop, refBuild.remove);
  targets.push({ key: "base", label: `base ${refBuild.label}`, base: before.base });
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
  ],
});
stops.unshift(() => chrome.kill());

async function measure(preset: string, url: string, reportFile?: string) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", skipAudits: UNSCORED, disableFullPageScreenshot: true },
      preset === "desktop" ? desktopConfig : undefined,
    ).catch((error: Error) => ({ error }));
    const runtimeError =
      result && "lhr" in result ? (result.lhr as { runtimeError?: { message: string } }).runtimeError : undefined;
    if (result && "lhr" in result && !runtimeError) {
      if (reportFile) writeFileSync(reportFile, String(result.report));
      const lcpElement =
        result.lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node")?.nodeLabel ?? "";
      return { figures: figuresOf(result.lhr, result.artifacts.Trace), lcpElement };
    }
    const why = result && "error" in result ? result.error.message : (runtimeError?.message ?? "no result");
    console.log(`lighthouse: ${preset} ${url}: attempt ${attempt} failed: ${why.split("\n")[0]}`);
  }
  return undefined;
}

const rows: Row[] = [];
const failures: { preset: string; path: string; why: string[] }[] = [];
try {
  for (const preset of presets) {
    const minRounds = Math.min(MAX_ROUNDS, Number(runsOption ?? (preset === "mobile" ? 3 : 1)));
    for (const pagePath of paths) {
      const name = `${preset}-${pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-")}`;
      const all = new Map(targets.map((t) => [t.key, [] as Figures[]]));
      const lcp = new Map<string, string>();
      let why: string[] = [];
      for (let round = 0; round < MAX_ROUNDS; round++) {
        // Alternate who goes first, so drift on the machine is shared.
        const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
        for (const target of order) {
          const ours = all.get("this")!;
          const passesAlone = ours.length > 0 && medianOf(ours).performance >= 100 * floors.performanceVsReference;
          if (target.key === "nginx" && referenceMode === "needed" && passesAlone) continue;
          const reportFile =
            round === 0 ? `${out}/${name}${target.key === "this" ? "" : `.${target.key}`}.json` : undefined;
          const result = await measure(preset, target.base + pagePath, reportFile);
          if (result) {
            all.get(target.key)!.push(result.figures);
            lcp.set(target.key, result.lcpElement);
          }
        }
        const med = (key: string) => (all.get(key)?.length ? medianOf(all.get(key)!) : undefined);
        why = missedFloors(med("this"), med("nginx"), floors);
        if (round + 1 >= minRounds && !why.length) break;
      }
      for (const t of targets) {
        const list = all.get(t.key)!;
        rows.push({
          preset,
          path: pagePath,
          target: t.label,
          runs: list.length,
          figures: list.length ? medianOf(list) : undefined,
          lcpElement: lcp.get(t.key) ?? "",
        });
      }
      if (why.length) failures.push({ preset, path: pagePath, why });
    }
  }
} finally {
  for (const stop of stops) await stop();
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ms = (v: number) => `${Math.round(v).toLocaleString("en")} ms`;
const breakdown = (f: Figures) =>
  `${pad(ms(f.cpu), 8)} ${ms(f.mainThread)}: ${(Object.keys(GROUPS) as Group[])
    .filter((g) => Math.round(f[g]) > 0)
    .sort((a, b) => f[b] - f[a])
    .map((g) => `${GROUPS[g]} ${Math.round(f[g])}`)
    .join(" · ")}`;
console.log(
  `${pad("preset", 8)}${pad("page", 29)}${pad("build", 19)}${pad("runs", 5)}${pad("perf", 5)}${pad("a11y", 5)}${pad("bp", 4)}${pad("seo", 4)}` +
    `${pad("FCP", 9)}${pad("LCP", 9)}${pad("TBT", 9)}${pad("CLS", 6)}main thread: CPU, and as Lighthouse counts it (wall × 4)`,
);
for (const r of rows) {
  const f = r.figures;
  const head = `${pad(r.preset, 8)}${pad(r.path, 29)}${pad(r.target, 19)}${pad(r.runs, 5)}`;
  if (!f) {
    const unneeded = r.runs === 0 && r.target === "nginx, same bytes" && referenceMode === "needed";
    console.log(head + (unneeded ? "not needed: this build's score passes alone" : "no report: Lighthouse failed"));
    continue;
  }
  console.log(
    `${head}${pad(f.performance, 5)}${pad(f.accessibility, 5)}${pad(f.bestPractices, 4)}${pad(f.seo, 4)}` +
      `${pad(ms(f.fcp), 9)}${pad(ms(f.lcp), 9)}${pad(ms(f.tbt), 9)}${pad(f.cls.toFixed(2), 6)}${breakdown(f)}`,
  );
}

const ours = rows.filter((r) => r.target === "this build");
const of = (key: string, r: Row) => rows.find((x) => x.preset === r.preset && x.path === r.path && x.target === key);
const ratios = ours.flatMap((r) => {
  const ref = of("nginx, same bytes", r)?.figures;
  return r.figures && ref ? [r.figures.performance / ref.performance] : [];
});
if (ratios.length)
  console.log(
    `lighthouse: performance as a share of nginx's on the same bytes, same run: median ${median(ratios).toFixed(2)}, lowest ${Math.min(...ratios).toFixed(2)} (gate ≥ ${floors.performanceVsReference})`,
  );
if (refBuild) {
  const base = `base ${refBuild.label}`;
  for (const preset of presets) {
    const pairs = ours.filter((r) => r.preset === preset && r.figures && of(base, r)?.figures);
    if (!pairs.length) continue;
    const ratio = (k: keyof Figures) => median(pairs.map((r) => r.figures![k] / Math.max(1, of(base, r)!.figures![k])));
    console.log(
      `lighthouse: ${preset}, this build against ${baseRef} (${refBuild.label}), median over ${pairs.length} pages: ` +
        `main-thread CPU ×${ratio("cpu").toFixed(2)}, main thread (Lighthouse) ×${ratio("mainThread").toFixed(2)}, TBT ×${ratio("tbt").toFixed(2)}, performance ×${ratio("performance").toFixed(2)}`,
    );
  }
}
const missedGoals = ours
  .filter(
    (r) =>
      r.preset === "mobile" &&
      r.figures &&
      (r.figures.fcp > goals.fcpMs ||
        r.figures.lcp > goals.lcpMs ||
        r.figures.tbt > goals.tbtMs ||
        r.figures.performance < goals.performance),
  )
  .map((r) => r.path);
if (presets.includes("mobile"))
  console.log(
    `lighthouse: goal (mobile FCP ≤ ${goals.fcpMs} ms, LCP ≤ ${goals.lcpMs} ms, TBT ≤ ${goals.tbtMs} ms, performance ${goals.performance}; reported, not gated): ` +
      (missedGoals.length ? `missed on ${missedGoals.join(" ")}` : "met on every page"),
  );
for (const f of failures) console.log(`FAILED: ${f.preset} ${f.path}: ${f.why.join(", ")}`);
console.log(
  failures.length
    ? `lighthouse: ${failures.length} page(s) under the floors in budgets.json`
    : "lighthouse: every page at or above its floors",
);
writeFileSync(
  `${out}/summary.json`,
  JSON.stringify(
    { passed: ours.length - failures.length, failed: failures.length, failures, missedGoals, rows },
    null,
    2,
  ),
);
process.exit(failures.length ? 1 : 0);
