// Nothing moves while a page loads and its scripts start (CLS as the browser reports it): sections laid out late and
// hydration must not change what the server drew.
import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/content/pages";
import { ready } from "./helpers";

type Shift = { value: number; sources: string[] };

for (const width of [375, 1280]) {
  test(`no layout shift while a page loads at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width < 600 ? 823 : 900 });
    await page.addInitScript(() => {
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
              sources: (entry.sources ?? []).map((s) =>
                s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : "",
              ),
            });
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const { path } of PAGES) {
      await page.goto(path);
      await ready(page, info);
      // Two frames for a shift of the last one to be reported.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      expect(shifts, path).toEqual([]);
    }
  });
}
