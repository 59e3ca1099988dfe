// Performance budget (needs a build): each page's gzipped bytes and the images a 375 px phone loads before scrolling,
// against budgets.json. It weighs BUDGET_DATABASE_URL's published photos when given, else the shipped art.
import { request } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { PAGE_PATHS } from "../app/content/pages";
import { BROWSER_ARGS, HEADLESS_SHELL } from "./lib/chromium";
import { serveBuild } from "./lib/serve-build";

const limits = JSON.parse(readFileSync("budgets.json", "utf8"));
const server = await serveBuild({
  port: Number(process.env.BUDGET_PORT ?? 3150),
  env: process.env.BUDGET_DATABASE_URL ? { DATABASE_URL: process.env.BUDGET_DATABASE_URL } : {},
});
const published = ((await (await fetch(`${server.base}/healthz`)).json()) as { site?: { version: number } }).site;
console.log(
  published?.version
    ? `budget: the owner's published site, version ${published.version}`
    : "budget: the shipped site (nothing published in this database)",
);

function gzipBytes(url: string) {
  return new Promise<{ bytes: number; encoding: string; status?: number }>((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({ bytes, encoding: res.headers["content-encoding"] ?? "none", status: res.statusCode }),
      );
    })
      .on("error", reject)
      .end();
  });
}

async function textOf(url: string) {
  return (await fetch(url)).text();
}

const browser = await chromium.launch({
  executablePath: HEADLESS_SHELL,
  args: BROWSER_ARGS,
});

type Row = { page: string; html: number; css: number; js: number; images: number; over: string[] };
const rows: Row[] = [];
let pagesOver = 0;
try {
  for (const path of PAGE_PATHS) {
    const url = server.base + path;
    const html = await gzipBytes(url);
    const markup = await textOf(url);
    const css = [...new Set([...markup.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!))];
    const sum = async (list: string[]) =>
      (await Promise.all(list.map((u) => gzipBytes(server.base + u)))).reduce((n, r) => n + r.bytes, 0);

    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    let images = 0;
    const scripts = new Set<string>();
    page.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type === "script") scripts.add(new URL(response.url()).pathname);
      if (type === "image") images += (await response.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(url, { waitUntil: "networkidle" });
    // A page with module scripts loads them once it is used: nothing more to wait for on the others.
    if (await page.locator('script[type="module"]').count()) {
      await page.waitForTimeout(300);
      await page.mouse.move(10, 10);
      await page.waitForTimeout(1000);
      await page.waitForLoadState("networkidle");
    }
    await context.close();
    const js = [...scripts];

    const sizes = { html: html.bytes, css: await sum(css), js: await sum(js), images };
    const over = (
      [
        [sizes.html > limits.htmlGzip, "HTML"],
        [sizes.css > limits.cssGzip, "CSS"],
        [sizes.js > limits.jsGzip, "JS"],
        [sizes.images > limits.aboveFoldImages, "images"],
      ] as const
    ).flatMap(([isOver, what]) => (isOver ? [what] : []));
    const row: Row = { page: path, ...sizes, over };
    if (row.over.length) pagesOver++;
    rows.push(row);
  }
} finally {
  await browser.close();
  await server.stop();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s: string, n: number) => String(s).padEnd(n);
console.log(
  `${pad("page", 31)}${pad("HTML gz", 11)}${pad("CSS gz", 11)}${pad("JS gz", 11)}${pad("ATF images", 12)}over`,
);
console.log(
  `${pad("limit", 31)}${pad(kb(limits.htmlGzip), 11)}${pad(kb(limits.cssGzip), 11)}${pad(kb(limits.jsGzip), 11)}${pad(kb(limits.aboveFoldImages), 12)}`,
);
for (const r of rows) {
  console.log(
    `${pad(r.page, 31)}${pad(kb(r.html), 11)}${pad(kb(r.css), 11)}${pad(kb(r.js), 11)}${pad(kb(r.images), 12)}${r.over.join(", ") || "-"}`,
  );
}
console.log(pagesOver ? `budget: ${pagesOver} page(s) over` : "budget: every page within its limits");
mkdirSync("reports", { recursive: true });
writeFileSync(
  "reports/budget.json",
  JSON.stringify({ passed: rows.length - pagesOver, failed: pagesOver, rows }, null, 2),
);
process.exit(pagesOver ? 1 : 0);
