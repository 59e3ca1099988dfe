// Nothing moves while a page loads and its scripts start (CLS as the browser reports it): sections laid out late and
// hydration must not change what the server drew.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { PAGES } from "../../app/content/pages";
import { BASE_URL } from "./e2e-env";
import { ready } from "./helpers";
import { scaled } from "./time-scale";

type Shift = { value: number; sources: string[] };

function observeShifts() {
  const shifts: Shift[] = [];
  Object.assign(window, { __shifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[])
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : "")),
        });
  }).observe({ type: "layout-shift", buffered: true });
}

async function shiftsSoFar(page: Page): Promise<Shift[]> {
  // Two frames for a shift of the last one to be reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

for (const width of [375, 1280]) {
  test(`no layout shift while a page loads at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width < 600 ? 823 : 900 });
    await page.addInitScript(observeShifts);
    for (const { path } of PAGES) {
      await page.goto(path);
      await ready(page, info);
      expect(await shiftsSoFar(page), path).toEqual([]);
    }
  });
}

// The site's bytes in two parts, a pause between (a busy CPU's parser pauses there too): what was drawn stays put.
const CUTS: Record<string, (html: Buffer) => number> = {
  "in the header": (html) => html.indexOf('aria-label="Language"'),
  "in the first screen": (html) => html.indexOf("<h1"),
  "before the end of the main content": (html) => html.indexOf("</main>"),
};

async function pausingProxy(pause: number) {
  const proxy = { cut: (html: Buffer) => html.length, cutAt: 0, origin: "", server: createServer() };
  proxy.server.on("request", async (req, res) => {
    const answer = await fetch(new URL(req.url ?? "/", BASE_URL), { headers: { "accept-encoding": "identity" } });
    const type = answer.headers.get("content-type") ?? "text/plain";
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { "content-type": type });
    const cut = type.startsWith("text/html") ? (proxy.cutAt = proxy.cut(body)) : body.length;
    if (cut < 0) return void res.end(body);
    res.write(body.subarray(0, cut));
    setTimeout(() => res.end(body.subarray(cut)), cut < body.length ? pause : 0);
  });
  await new Promise<void>((listening) => proxy.server.listen(0, "127.0.0.1", listening));
  proxy.origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
  return proxy;
}

test("a page that arrives in two parts is drawn whole: nothing drawn moves when the rest arrives", async ({
  page,
}, info) => {
  const proxy = await pausingProxy(scaled(400));
  await page.addInitScript(observeShifts);
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 823 : 900 });
      for (const path of ["/", "/vip-nightclub-experience", "/contact"])
        for (const [where, cut] of Object.entries(CUTS)) {
          proxy.cut = cut;
          await page.goto(proxy.origin + path);
          expect(proxy.cutAt, `${path}: ${where} not found`).toBeGreaterThan(0);
          await ready(page, info);
          expect(await shiftsSoFar(page), `${path} at ${width} px, cut ${where}`).toEqual([]);
        }
    }
  } finally {
    proxy.server.close();
  }
});
