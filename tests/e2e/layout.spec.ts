import { expect, test } from "@playwright/test";
import { PAGES, ready } from "./helpers";

const SERVICE_LINKS = [
  ["VIP Nightclub Experience", "/vip-nightclub-experience"],
  ["Event Organization", "/event-organization"],
  ["Concierge Services", "/concierge-services"],
] as const;

test.describe("header", () => {
  for (const { path } of PAGES) {
    test(`${path} has the logo, service links and Contact button`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Adriatic VIP, home" })).toHaveAttribute("href", "/");
      const services = header.getByRole("navigation", { name: "Services" });
      for (const [name, href] of SERVICE_LINKS) {
        await expect(services.getByRole("link", { name })).toHaveAttribute("href", href);
      }
      await expect(header.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute("href", "/contact");
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
  // A native popover: the same with and without JavaScript.
  for (const [width, path] of [
    [375, "/"],
    [1280, "/"],
    [375, "/contact"], // a page that runs React
  ] as const) {
    test(`opens with the same links and closes at ${width} px on ${path}`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await ready(page, info);
      const menu = page.getByRole("navigation", { name: "Main menu" });
      const opener = page.getByRole("button", { name: "Menu" });
      await expect(menu).toBeHidden();
      await opener.click();
      await expect(menu).toBeVisible();
      for (const [name, href] of [["Home", "/"], ...SERVICE_LINKS, ["Contact", "/contact"]]) {
        await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      expect((await page.locator("#site-menu").boundingBox())?.width).toBe(width);
      // Focus goes to the first link; Escape closes and gives focus back to the button.
      await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(opener).toBeFocused();
      // The button toggles it.
      await opener.click();
      await expect(menu).toBeVisible();
      await opener.click();
      await expect(menu).toBeHidden();
    });
  }

  for (const path of ["/", "/contact"]) {
    test(`a menu link navigates and the menu closes, from ${path}`, async ({ page }, info) => {
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
  for (const { path } of PAGES) {
    test(`${path} has contact, quick and info links, credit and copyright`, async ({ page }) => {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
      const quick = footer.getByRole("navigation", { name: "Quick links" });
      for (const [name, href] of SERVICE_LINKS) {
        await expect(quick.getByRole("link", { name })).toHaveAttribute("href", href);
      }
      await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute("href", "mailto:info@adriatic-vip.example");
      await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("href", "tel:+38521000000");
      const social = footer.getByRole("link", { name: /Instagram/ });
      await expect(social).toHaveAttribute("href", /^https:\/\//);
      await expect(social).toHaveAttribute("rel", /noopener/);
      await expect(footer.getByText(/^Made by/)).toBeVisible();
      await expect(footer.getByText(/^Made by/).getByRole("link")).toHaveAttribute("href", /^https:\/\//);
      await expect(footer.getByText("© 2023 Adriatic VIP. All rights reserved.")).toBeVisible();
    });
  }
});
