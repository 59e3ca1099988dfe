// Full-page screenshots of every page, phone and desktop, JavaScript on and off, from a running server (BASE_URL).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { PAGE_PATHS } from "../app/content/pages";
import { BROWSER_ARGS, CHROMIUM } from "./lib/chromium";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const [outDir = "screenshots", ...rest] = process.argv.slice(2);
const paths = rest.length ? rest : [...PAGE_PATHS, "/no-such-page"];
const widths = [375, 1280];

// One line, not a stack, when there is nothing to look at or nothing to look with.
if (
  !(await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  ))
) {
  console.error(`npm run screenshots: no server answers at ${base} (start one: npm run serve, or set BASE_URL)`);
  process.exit(1);
}
const executablePath = CHROMIUM;
if (!existsSync(executablePath)) {
  console.error(
    `npm run screenshots: no Chromium at ${executablePath} (bash scripts/ensure-debian.sh chromium, or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  args: BROWSER_ARGS,
});
for (const js of [true, false]) {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 812 : 900 },
      javaScriptEnabled: js,
    });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: "networkidle" });
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(50);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState("networkidle");
      const name = `${path === "/" ? "home" : path.slice(1).replace(/[^\w-]+/g, "_")}-${width}${js ? "" : "-nojs"}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
      console.log(`${outDir}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
