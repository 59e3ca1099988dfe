import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { pagePath, PAGES as SITE_PAGES, type Page as SitePage } from "../../app/content/pages";
import { isServiceSlug, SERVICES } from "../../app/content/services";
import { BRAND } from "../../app/content/site";
import { CONTACT } from "../../app/i18n/contact";
import { LAYOUT } from "../../app/i18n/layout";
import { PRIVACY } from "../../app/i18n/privacy";

function headingOf({ id, locale }: SitePage): string {
  if (id === "home") return BRAND;
  if (isServiceSlug(id)) return LAYOUT[locale].services[id];
  return id === "contact" ? CONTACT[locale].heading : PRIVACY[locale].heading;
}

export const PAGES_WITH_HEADINGS = SITE_PAGES.map((page) => ({ ...page, heading: headingOf(page) }));

export const SERVICE_GALLERIES = SERVICES.map((s) => ({ path: pagePath(s.slug, "en"), count: s.photos }));

export const hasJs = (info: TestInfo) => info.project.name === "js";

export const SCRIPTED_PAGES: readonly SitePage["id"][] = ["contact"];

/** With JavaScript on or off Chromium gets the same bytes on these pages and runs nothing, so the "js" project
 * leaves them to "no-js" rather than check the same HTML twice. */
export const NO_SCRIPT = "@no-script";

/** Checks a browser adds nothing to (answers read with `request`, files): once, in the "http" project. */
export const HTTP = "@http";

export async function htmlOf(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** Text as the page's HTML escapes it, read back. */
export const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export const scriptTag = (id: SitePage["id"]) => ({ tag: SCRIPTED_PAGES.includes(id) ? [] : [NO_SCRIPT] });

export async function ready(page: Page, info: TestInfo) {
  if (hasJs(info) && (await page.locator('script[type="module"]').count()) > 0) {
    await page.mouse.move(5, 5);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  }
}

export async function columnCount(page: Page, itemSelector: string): Promise<number> {
  const lefts = await page
    .locator(itemSelector)
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

/** Sections below the first are laid out only near the screen (decision 0035): a check that reads the whole page
 * (its width, axe's colour contrast) would otherwise not see them. */
export async function drawEverything(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *"))
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
  });
}
