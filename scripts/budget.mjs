// Performance budget: for each page of the production build, the bytes a visitor downloads
// (HTML, CSS and JS gzip-compressed, as the server sends them), and the images a 375 px phone
// loads before scrolling, against the limits in budgets.json. Prints a table; exits 1 when a
// page is over. Needs a build (`npm run build`).
import { request } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { PAGES, serveBuild } from "./lib/serve-build.mjs";

const limits = JSON.parse(readFileSync("budgets.json", "utf8"));
const server = await serveBuild({ port: Number(process.env.BUDGET_PORT ?? 3150) });

/** Compressed size of a response, as it crosses the wire with Accept-Encoding: gzip. */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      let text = "";
      const plain = res.headers["content-encoding"] !== "gzip";
      res.on("data", (chunk) => {
        bytes += chunk.length;
        if (plain) text += chunk;
      });
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "none", status: res.statusCode }));
    })
      .on("error", reject)
      .end();
  });
}

async function textOf(url) {
  return (await fetch(url)).text();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--disable-dev-shm-usage", "--disable-background-networking"],
});

const rows = [];
let over = 0;
try {
  for (const path of PAGES) {
    const url = server.base + path;
    const html = await gzipBytes(url);
    const markup = await textOf(url);
    const css = [...new Set([...markup.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]))];
    const js = [...new Set([...markup.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
    const sum = async (list) => (await Promise.all(list.map((u) => gzipBytes(server.base + u)))).reduce((n, r) => n + r.bytes, 0);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    let images = 0;
    page.on("response", async (response) => {
      if (response.request().resourceType() === "image") images += (await response.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    await context.close();

    const row = { page: path, html: html.bytes, css: await sum(css), js: await sum(js), images };
    row.over = [
      row.html > limits.htmlGzip && "HTML",
      row.css > limits.cssGzip && "CSS",
      row.js > limits.jsGzip && "JS",
      row.images > limits.aboveFoldImages && "images",
    ].filter(Boolean);
    if (row.over.length) over++;
    rows.push(row);
  }
} finally {
  await browser.close();
  await server.stop();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padEnd(n);
console.log(`${pad("page", 28)}${pad("HTML gz", 11)}${pad("CSS gz", 11)}${pad("JS gz", 11)}${pad("ATF images", 12)}over`);
console.log(`${pad("limit", 28)}${pad(kb(limits.htmlGzip), 11)}${pad(kb(limits.cssGzip), 11)}${pad(kb(limits.jsGzip), 11)}${pad(kb(limits.aboveFoldImages), 12)}`);
for (const r of rows) {
  console.log(`${pad(r.page, 28)}${pad(kb(r.html), 11)}${pad(kb(r.css), 11)}${pad(kb(r.js), 11)}${pad(kb(r.images), 12)}${r.over.join(", ") || "-"}`);
}
console.log(over ? `budget: ${over} page(s) over` : "budget: every page within its limits");
mkdirSync("reports", { recursive: true });
writeFileSync("reports/budget.json", JSON.stringify({ passed: rows.length - over, failed: over, rows }, null, 2));
process.exit(over ? 1 : 0);
