// axe needs JavaScript in the page: playwright.config.ts runs this file in "js" only.
import { axeOf } from "./axe";
import { expect, test } from "@playwright/test";
import { drawEverything, PAGES_WITH_HEADINGS, ready } from "./helpers";

test.describe("accessibility", () => {
  // Each page loaded once, then read by axe at each width in turn: the layout follows the viewport as it is resized.
  for (const { path } of [...PAGES_WITH_HEADINGS, { path: "/no-such-page" }, { path: "/hr/nema-te-stranice" }]) {
    test(`${path} has no axe violations at 375 and 1280 px`, async ({ page }, info) => {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(path);
      await ready(page, info);
      await drawEverything(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const results = await axeOf(page)
          .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        expect
          .soft(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
            `${width} px`,
          )
          .toEqual([]);
      }
    });
  }

  for (const [path, menu] of [
    ["/", "Menu"],
    ["/hr/contact", "Izbornik"],
  ]) {
    test(`the open menu on ${path} has no axe violations`, async ({ page }, info) => {
      await page.goto(path!);
      await ready(page, info);
      await page.getByRole("button", { name: menu }).click();
      const results = await axeOf(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    });
  }

  test("the contact form refused for its booking details, in Croatian at 375 px, has no axe violations", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/hr/contact");
    await ready(page, info);
    await page.locator("#enquiry-category").selectOption("VIP Nightclub experience");
    await page.locator("#enquiry-guests").fill("0");
    await page.locator("#enquiry-event_time").fill("23:30");
    await page.getByRole("button", { name: "Pošalji poruku" }).click();
    await expect(page.locator("#enquiry-guests")).toHaveAttribute("aria-invalid", "true");
    const results = await axeOf(page)
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});
