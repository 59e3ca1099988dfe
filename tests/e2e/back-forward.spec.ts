// Sections below the first are drawn only near the screen (decision 0035): a page loaded afresh at a remembered scroll
// position would land elsewhere: back and forward keep the page in the back/forward cache (kept on here, unlike
// Playwright's default, as in every visitor's browser; the full browser: the headless shell has none).
import { expect, test, type Page } from "@playwright/test";
import { CHROMIUM } from "../../scripts/lib/chromium";
import { NO_SCRIPT } from "./helpers";

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
      executablePath: CHROMIUM,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 }, javaScriptEnabled, baseURL });
      await page.goto("/");
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
