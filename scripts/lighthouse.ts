// Lighthouse 13.5.0 (mobile and desktop presets, Debian Chromium) on the five pages of the
// production build. Prints the four category scores and FCP, LCP, TBT and CLS per page, and
// exits 1 when a score is under the floor in budgets.json ("lighthouse"). Lighthouse is run
// with `npx --yes`, not installed as a dependency (its ranges upset `npm ci` at times).
// Usage: tsx scripts/lighthouse.ts [mobile|desktop ...]; reports go to reports/lighthouse/.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { PAGES, serveBuild } from "./lib/serve-build";

const run = promisify(execFile);
const LIGHTHOUSE = "lighthouse@13.5.0";
const presets = process.argv.slice(2).length ? process.argv.slice(2) : ["mobile", "desktop"];
const floors = JSON.parse(readFileSync("budgets.json", "utf8")).lighthouse;
const out = "reports/lighthouse";
mkdirSync(out, { recursive: true });

const server = await serveBuild({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3160) });
type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };
type Row = { preset: string; path: string } & (
  | { failed: true }
  | ({ failed?: false; fcp: number; lcp: number; tbt: number; cls: number; lcpElement: string } & Scores)
);
type Report = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { type?: string; nodeLabel?: string }[] } } | undefined
  >;
};
const rows: Row[] = [];
try {
  for (const preset of presets) {
    for (const path of PAGES) {
      const name = `${preset}-${path === "/" ? "home" : path.slice(1)}`;
      const args = [
        "--yes",
        LIGHTHOUSE,
        server.base + path,
        "--quiet",
        "--output=json",
        `--output-path=${out}/${name}.json`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking",
        ...(preset === "desktop" ? ["--preset=desktop"] : []),
      ];
      // Lighthouse sometimes fails to record a trace ("NO_NAVSTART: please run Lighthouse
      // again"): try a run up to three times before counting it as failed.
      let error: unknown;
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          await run("npx", args, {
            env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
            maxBuffer: 64 * 1024 * 1024,
          });
          error = undefined;
          break;
        } catch (e) {
          error = e;
          const { stderr = "", message = "" } = e as { stderr?: string; message?: string };
          console.log(
            `lighthouse: ${preset} ${path}: attempt ${attempt} failed: ${/Runtime error encountered: (.*)/.exec(stderr)?.[1] ?? message.split("\n")[0]}`,
          );
        }
      }
      if (error) {
        rows.push({ preset, path, failed: true });
        continue;
      }
      const report = JSON.parse(readFileSync(`${out}/${name}.json`, "utf8")) as Report;
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
      rows.push({
        preset,
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        lcpElement:
          report.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node")?.nodeLabel ?? "",
      });
    }
  }
} finally {
  await server.stop();
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `${pad("preset", 9)}${pad("page", 27)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 5)}${pad("seo", 5)}${pad("FCP", 9)}${pad("LCP", 9)}${pad("TBT", 8)}${pad("CLS", 7)}LCP element`,
);
let under = 0;
for (const r of rows) {
  if (r.failed) {
    under++;
    console.log(`${pad(r.preset, 9)}${pad(r.path, 27)}no report: Lighthouse failed three times`);
    continue;
  }
  const low = (["performance", "accessibility", "bestPractices", "seo"] as const).filter(
    (k) => r[k] < (floors?.[k] ?? 0),
  );
  if (low.length) under++;
  console.log(
    `${pad(r.preset, 9)}${pad(r.path, 27)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 5)}${pad(r.seo, 5)}` +
      `${pad(`${Math.round(r.fcp)} ms`, 9)}${pad(`${Math.round(r.lcp)} ms`, 9)}${pad(`${Math.round(r.tbt)} ms`, 8)}${pad(r.cls.toFixed(3), 7)}` +
      `${r.lcpElement.replace(/\s+/g, " ").slice(0, 40)}${low.length ? `  UNDER: ${low.join(", ")}` : ""}`,
  );
}
console.log(
  under
    ? `lighthouse: ${under} run(s) under the floors in budgets.json`
    : "lighthouse: every run at or above its floors",
);
writeFileSync(`${out}/summary.json`, JSON.stringify({ passed: rows.length - under, failed: under, rows }, null, 2));
process.exit(under ? 1 : 0);
