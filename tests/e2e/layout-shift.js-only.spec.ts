import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/content/pages";
import { ready } from "./helpers";

// Nothing on a page moves while it loads and its scripts start (Cumulative Layout Shift, as the
// browser reports it): parts laid out late (the sections below the first: content-visibility)
// must take the place they will keep, and hydration (on the visitor's first move) must not
// change what the server drew.
// A phone and a desktop.

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
