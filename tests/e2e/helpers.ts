import { expect, type Page, type TestInfo } from "@playwright/test";
import { pagePath, PAGES as SITE_PAGES, type Page as SitePage } from "../../app/content/pages";
import { isServiceSlug, SERVICES } from "../../app/content/services";
import { BRAND } from "../../app/content/site";
import { CONTACT } from "../../app/i18n/contact";
import { LAYOUT } from "../../app/i18n/layout";
import { PRIVACY } from "../../app/i18n/privacy";

/** A page's one <h1>, from the site's own texts. */
function headingOf({ id, locale }: SitePage): string {
  if (id === "home") return BRAND;
  if (isServiceSlug(id)) return LAYOUT[locale].services[id];
  return id === "contact" ? CONTACT[locale].heading : PRIVACY[locale].heading;
}

/** Every page in every language and its one heading, from the site's own list of pages. */
export const PAGES_WITH_HEADINGS = SITE_PAGES.map((page) => ({ ...page, heading: headingOf(page) }));

/** Each service page's English path and how many photos its gallery shows. */
export const SERVICE_GALLERIES = SERVICES.map((s) => ({ path: pagePath(s.slug, "en"), count: s.photos }));

export const hasJs = (info: TestInfo) => info.project.name === "js";

/** The pages that run a script (React, where it enhances the form); every other page sends none
 * (pages.spec.ts proves both). */
export const SCRIPTED_PAGES: readonly SitePage["id"][] = ["contact"];

/** The tag of a test about pages that run no script: with JavaScript on or off, Chromium gets the
 * same bytes and runs nothing, so the "js" project leaves these to "no-js" (playwright.config.ts)
 * rather than check the same HTML twice. */
export const NO_SCRIPT = "@no-script";

/** A per-page test's tag: NO_SCRIPT where the page runs no script. */
export const scriptTag = (id: SitePage["id"]) => ({ tag: SCRIPTED_PAGES.includes(id) ? [] : [NO_SCRIPT] });

/** Waits until React has hydrated the page, on the pages that run it (where it enhances: the
 * contact page); the others are complete as HTML and send no script at all. The page loads
 * its modules when the visitor first uses it: a pointer move here, as a person's would. */
export async function ready(page: Page, info: TestInfo) {
  if (hasJs(info) && (await page.locator('script[type="module"]').count()) > 0) {
    await page.mouse.move(5, 5);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  }
}

/** How many distinct columns the visible items of a grid occupy. */
export async function columnCount(page: Page, itemSelector: string): Promise<number> {
  const lefts = await page
    .locator(itemSelector)
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

/** Draws every part of the page now, as a visitor scrolling through it would have them: the
 * sections below the first are laid out only near the screen (content-visibility: auto,
 * decision 0035), so a check that reads the whole page (its width, axe's colour contrast) would
 * otherwise not see them. */
export async function drawEverything(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *"))
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
  });
}
