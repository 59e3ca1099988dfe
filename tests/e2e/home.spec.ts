import { expect, test } from "@playwright/test";
import { NO_SCRIPT, ready } from "./helpers";

const CITIES = [
  { label: "Split", venues: ["Central Club", "Boiler", "Vanilla", "305"] },
  { label: "Dubrovnik", venues: ["Culture Club Revelin"] },
  { label: "Zrće", venues: ["Noa Beach Club", "Papaya", "Kalypso", "Aquarius"] },
  { label: "Hvar", venues: ["Carpe Diem", "Carpe Diem Beach", "Hula Hula"] },
  { label: "Makarska", venues: ["Makarana"] },
  { label: "Zagreb", venues: ["Mint - Club & More"] },
  { label: "Budva", country: "MONTENEGRO" },
  { label: "Belgrade", country: "SERBIA" },
];

// The home page runs no script: checked once, by the "no-js" project (helpers.ts, NO_SCRIPT).
test.describe("home page", { tag: NO_SCRIPT }, () => {
  test("hero, tagline and the service cards", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adriatic VIP");
    await expect(page.getByText("Unique Experience", { exact: true })).toBeVisible();
    const needs = page.getByRole("region", { name: "Find your needs" });
    await expect(needs.getByRole("link", { name: /VIP Nightclub Experience/ })).toHaveAttribute(
      "href",
      "/vip-nightclub-experience",
    );
    await expect(needs.getByRole("link", { name: /Event Organization/ })).toHaveAttribute(
      "href",
      "/event-organization",
    );
    await expect(needs.getByRole("link", { name: /Concierge Services/ })).toHaveAttribute(
      "href",
      "/concierge-services",
    );
    await expect(needs.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute("href", "/contact");
    await needs.getByRole("link", { name: /Concierge Services/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Concierge Services");
  });

  test("sections come in the spec's order", async ({ page }) => {
    await page.goto("/");
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual(["Find your needs", "Things we do the most", "See How It Looks"]);
    await expect(page.getByText("Click on city and see!")).toBeVisible();
  });

  test("city selector lists eight cities in order, Split selected by default", async ({ page }) => {
    await page.goto("/");
    const cities = page.getByRole("navigation", { name: "Cities" }).getByRole("link");
    await expect(cities).toHaveCount(8);
    const labels = await cities.allInnerTexts();
    expect(labels.map((l) => l.split("\n")[0]!.trim())).toEqual(CITIES.map((c) => c.label));
    const groups = page.getByRole("navigation", { name: "Cities" }).locator("ul");
    await expect(groups).toHaveCount(3);
    await expect(groups.nth(0).getByRole("link")).toHaveCount(4);
    await expect(groups.nth(1).getByRole("link")).toHaveCount(2);
    await expect(groups.nth(2).getByRole("link")).toHaveText([/Budva\s*MONTENEGRO/, /Belgrade\s*SERBIA/]);
    await expect(cities.filter({ hasText: "Split" })).toHaveAttribute("aria-current", "true");
    const panel = page.locator("#city-venues");
    await expect(panel.getByRole("heading")).toHaveText("Split");
    await expect(panel.getByRole("listitem")).toHaveText(CITIES[0]!.venues!);
  });

  test("choosing each city shows its venues", async ({ page }, info) => {
    await page.goto("/");
    await ready(page, info);
    const panel = page.locator("#city-venues");
    for (const city of [...CITIES.slice(1), CITIES[0]!]) {
      await page.getByRole("navigation", { name: "Cities" }).getByRole("link", { name: city.label }).click();
      await expect(panel.getByRole("heading")).toContainText(city.label);
      if (city.venues) await expect(panel.getByRole("listitem")).toHaveText(city.venues);
      else await expect(panel).toContainText(city.country!);
      await expect(
        page.getByRole("navigation", { name: "Cities" }).getByRole("link", { name: city.label }),
      ).toHaveAttribute("aria-current", "true");
      await expect(page.locator('[aria-current="true"]')).toHaveCount(1);
    }
  });

  test("a city link is shareable: ?city= renders that city", async ({ page }) => {
    await page.goto("/?city=hvar");
    await expect(page.locator("#city-venues").getByRole("listitem")).toHaveText(CITIES[3]!.venues!);
    await page.goto("/?city=atlantis");
    await expect(page.locator("#city-venues").getByRole("heading")).toHaveText("Split");
  });

  test("gallery shows 8 images, Load more reveals 15 more and the button stays", async ({ page }, info) => {
    await page.goto("/");
    await ready(page, info);
    const gallery = page.getByRole("region", { name: "See How It Looks" });
    const images = gallery.getByRole("img");
    await expect(images).toHaveCount(8);
    for (const img of await images.all()) {
      expect((await img.getAttribute("alt"))!.length).toBeGreaterThan(10);
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
      await expect(img).toHaveAttribute("loading", "lazy");
    }
    await gallery.getByRole("link", { name: "Load more" }).click();
    await expect(images).toHaveCount(23);
    const after = gallery.getByRole("button", { name: "All 23 photos shown" });
    await expect(after).toBeVisible();
    await expect(after).toBeDisabled();
    await images.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("Load more keeps the chosen city", async ({ page }, info) => {
    await page.goto("/?city=zagreb");
    await ready(page, info);
    const gallery = page.getByRole("region", { name: "See How It Looks" });
    await gallery.getByRole("link", { name: "Load more" }).click();
    await expect(gallery.getByRole("img")).toHaveCount(23);
    await expect(page.locator("#city-venues").getByRole("listitem")).toHaveText(["Mint - Club & More"]);
  });
});
