import { expect, test } from "@playwright/test";
import { columnCount, NO_SCRIPT, SERVICE_GALLERIES } from "./helpers";

// Service pages run no script: checked once, by the "no-js" project (helpers.ts, NO_SCRIPT).
test.describe("service pages", { tag: NO_SCRIPT }, () => {
  for (const { path, count } of SERVICE_GALLERIES) {
    test(`${path}: description, Contact button and ${count} gallery images, in 1, 2 and 4 columns at 375, 768 and 1280 px`, async ({
      page,
    }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      expect((await main.locator("p").first().innerText()).length).toBeGreaterThan(100);
      await expect(main.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute("href", "/contact");
      await expect(main.getByText(/Contact us for further information or any special request/)).toBeVisible();
      const images = page.getByRole("region", { name: "Gallery" }).getByRole("img");
      await expect(images).toHaveCount(count);
      const srcs = await images.evaluateAll((els) => els.map((e) => e.getAttribute("src")));
      expect(new Set(srcs).size).toBe(count);
      const first = page.getByRole("region", { name: "Gallery" }).locator("picture").first();
      await expect(first.locator("source[type='image/avif']")).toHaveAttribute(
        "srcset",
        /-400\.avif 400w, .*-1600\.avif 1600w$/,
      );
      await expect(first.locator("source[type='image/webp']")).toHaveAttribute("sizes", /min-width: 1024px/);
      await expect(first.locator("img")).toHaveAttribute("width", "1600");
      await expect(first.locator("img")).toHaveAttribute("height", "1200");
      await expect(first.locator("img")).toHaveAttribute("style", /background-color: ?#[0-9a-f]{6}/);
      for (const [width, columns] of [
        [375, 1],
        [768, 2],
        [1280, 4],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        expect(await columnCount(page, '[aria-labelledby="service-gallery-title"] li'), `${width} px`).toBe(columns);
      }
    });
  }

  test("the Contact button leads to the contact page", async ({ page }) => {
    await page.goto("/vip-nightclub-experience");
    await page.getByRole("main").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  });
});
