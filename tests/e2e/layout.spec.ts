import { expect, test } from "@playwright/test";
import { SERVICE_SLUGS } from "../../app/content/services";
import { LAYOUT } from "../../app/i18n/layout";
import { localizedPath, type Locale } from "../../app/i18n/locale";
import { NO_SCRIPT, ready } from "./helpers";

const serviceLinks = (locale: Locale) =>
  SERVICE_SLUGS.map((slug) => [LAYOUT[locale].services[slug], localizedPath(`/${slug}`, locale)] as const);

test.describe("header", () => {
  // Every page's header and footer: pages.spec.ts (page-checks.ts), one visit a page.
  test("the logo and service links navigate", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("banner").getByRole("link", { name: "Event Organization" }).click();
    await expect(page).toHaveURL(/\/event-organization$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Organization");
    await page.getByRole("banner").getByRole("link", { name: "Adriatic VIP, home" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adriatic VIP");
  });
});

test.describe("overlay menu", () => {
  for (const [width, path] of [
    [375, "/"],
    [1280, "/"],
    [375, "/contact"], // a page that runs React
  ] as const) {
    const tag = path === "/" ? [NO_SCRIPT] : [];
    test(`opens with the same links and closes at ${width} px on ${path}`, { tag }, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await ready(page, info);
      const menu = page.getByRole("navigation", { name: "Main menu" });
      const opener = page.getByRole("button", { name: "Menu" });
      await expect(menu).toBeHidden();
      await opener.click();
      await expect(menu).toBeVisible();
      for (const [name, href] of [["Home", "/"], ...serviceLinks("en"), ["Contact", "/contact"]]) {
        await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      expect((await page.locator("#site-menu").boundingBox())?.width).toBe(width);
      await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(opener).toBeFocused();
      await opener.click();
      await expect(menu).toBeVisible();
      await opener.click();
      await expect(menu).toBeHidden();
    });
  }

  for (const path of ["/", "/contact"]) {
    const tag = path === "/" ? [NO_SCRIPT] : [];
    test(`a menu link navigates and the menu closes, from ${path}`, { tag }, async ({ page }, info) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await ready(page, info);
      await page.getByRole("button", { name: "Menu" }).click();
      await page
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("link", { name: "Concierge Services" })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Concierge Services");
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    });
  }
});
