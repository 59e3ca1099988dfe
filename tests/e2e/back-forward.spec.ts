import { expect, test, type Page } from "@playwright/test";
import { NO_SCRIPT } from "./helpers";

// The sections below the first are drawn only when they come near the screen, with a stand-in
// height until then (decision 0035): a long page loaded afresh at a remembered scroll position
// would land elsewhere. Back and forward keep the page as it was, in the browser's back/forward
// cache, which every page stays eligible for (no `no-store`, no unload handler): the visitor
// comes back to the same place. (Playwright turns that cache off by default; this browser keeps
// it, as every visitor's does.)

/** Which headings are on screen, and where. */
const onScreen = (page: Page) =>
  page.evaluate(() => ({
    y: Math.round(window.scrollY),
    headings: [...document.querySelectorAll("h2, h3")]
      .map((h) => [h.textContent?.trim(), Math.round(h.getBoundingClientRect().top)] as const)
      .filter(([, top]) => top >= 0 && top < window.innerHeight),
  }));

test(
  "back from another page returns to the same place on a long page",
  { tag: [NO_SCRIPT] },
  async ({ playwright, launchOptions, javaScriptEnabled, baseURL }) => {
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 }, javaScriptEnabled, baseURL });
      await page.goto("/");
      // Down to the footer as a thumb would, past every section drawn on the way.
      for (let i = 0; i < 40; i++) {
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(20);
      }
      await expect(page.locator("body > footer")).toBeInViewport();
      const before = await onScreen(page);
      expect(before.headings.length).toBeGreaterThan(0);
      await page.goto("/privacy");
      await page.goBack({ waitUntil: "commit" });
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => onScreen(page)).toEqual(before);
    } finally {
      await browser.close();
    }
  },
);
