import { expect, test } from "@playwright/test";
import { SERVICE_SLUGS } from "../../app/content/services";
import { LAYOUT } from "../../app/i18n/layout";
import { localizedPath, type Locale } from "../../app/i18n/locale";
import { NO_SCRIPT, PAGES_WITH_HEADINGS, ready, scriptTag } from "./helpers";

const serviceLinks = (locale: Locale) =>
  SERVICE_SLUGS.map((slug) => [LAYOUT[locale].services[slug], localizedPath(`/${slug}`, locale)] as const);

test.describe("header", () => {
  for (const { id, path, locale } of PAGES_WITH_HEADINGS) {
    test(`${path} has the logo, service links and Contact button`, scriptTag(id), async ({ page }) => {
      const t = LAYOUT[locale];
      await page.goto(path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: t.logoLabel("Adriatic VIP") })).toHaveAttribute(
        "href",
        localizedPath("/", locale),
      );
      const services = header.getByRole("navigation", { name: t.servicesNav });
      for (const [name, href] of serviceLinks(locale)) {
        await expect(services.getByRole("link", { name })).toHaveAttribute("href", href);
      }
      await expect(header.getByRole("link", { name: t.contact, exact: true })).toHaveAttribute(
        "href",
        localizedPath("/contact", locale),
      );
    });
  }

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

test.describe("footer", () => {
  for (const { id, path, locale } of PAGES_WITH_HEADINGS) {
    test(`${path} has contact, quick and info links, credit and copyright`, scriptTag(id), async ({ page }) => {
      const t = LAYOUT[locale];
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: t.contactUs })).toHaveAttribute(
        "href",
        localizedPath("/contact", locale),
      );
      const quick = footer.getByRole("navigation", { name: t.footer.quickLinks });
      for (const [name, href] of serviceLinks(locale)) {
        await expect(quick.getByRole("link", { name })).toHaveAttribute("href", href);
      }
      await expect(quick.getByRole("link", { name: t.footer.privacy })).toHaveAttribute(
        "href",
        localizedPath("/privacy", locale),
      );
      await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute("href", "mailto:info@adriatic-vip.example");
      await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("href", "tel:+38521000000");
      const social = footer.getByRole("link", { name: /Instagram/ });
      await expect(social).toHaveAttribute("href", /^https:\/\//);
      await expect(social).toHaveAttribute("rel", /noopener/);
      const credit = footer.getByText(new RegExp(`^${t.footer.madeBy}`));
      await expect(credit).toBeVisible();
      await expect(credit.getByRole("link")).toHaveAttribute("href", /^https:\/\//);
      await expect(footer.getByText(t.footer.rights(2023, "Adriatic VIP"))).toBeVisible();
    });
  }
});
