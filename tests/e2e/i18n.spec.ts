import { expect, test } from "@playwright/test";
import { CONTACT } from "../../app/i18n/contact";
import { LAYOUT } from "../../app/i18n/layout";
import { PRIVACY } from "../../app/i18n/privacy";
import { OUTBOX_BASE_URL, UNWRITABLE_BASE_URL } from "./e2e-env";
import { expectFormValues, fillForm, storedWith, sentWith, toast, unique, valid } from "./enquiry-helpers";
import { HTTP, NO_SCRIPT, ready } from "./helpers";
import { ENGLISH_LEFTOVERS } from "./page-checks";
import { scaled } from "./time-scale";

test.describe("Croatian beside English", () => {
  test("the dictionaries have English texts to look for", { tag: HTTP }, () => {
    // A guard for each Croatian page's check (pages.spec.ts): it must have something to find.
    expect(ENGLISH_LEFTOVERS.length).toBeGreaterThan(150);
    expect(ENGLISH_LEFTOVERS).toContain("Send us a message");
  });

  // Each page's WhatsApp links, its other language and back, no English on a Croatian one: pages.spec.ts.

  test(
    "the menu offers the other language too, and the home page keeps its city",
    { tag: NO_SCRIPT },
    async ({ page }) => {
      await page.goto("/?city=hvar");
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await expect(menu.getByRole("link", { name: "Hrvatski" })).toHaveAttribute("href", "/hr?city=hvar");
      await menu.getByRole("link", { name: "Hrvatski" }).click();
      await expect(page).toHaveURL(/\/hr\?city=hvar$/);
      await expect(page.getByRole("heading", { name: "Hvar" })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Gradovi" }).getByRole("link", { name: /Beograd/ }),
      ).toBeVisible();
    },
  );

  test("an unknown Croatian address gives the Croatian 404", { tag: NO_SCRIPT }, async ({ page }) => {
    const response = await page.goto("/hr/nema-te-stranice");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LAYOUT.hr.errors.notFoundTitle);
    await expect(page).toHaveTitle(new RegExp(LAYOUT.hr.errors.notFoundTitle));
    await page.getByRole("main").getByRole("link", { name: LAYOUT.hr.errors.backHome }).click();
    await expect(page).toHaveURL(/\/hr$/);
  });

  test("English visitors are never redirected by their browser's language", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "hr-HR",
      extraHTTPHeaders: { "Accept-Language": "hr-HR,hr;q=0.9" },
    });
    const page = await context.newPage();
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    expect(page.url()).toMatch(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});

test.describe("the enquiry in Croatian", () => {
  const t = CONTACT.hr;

  test("an empty form warns in Croatian", async ({ page }, info) => {
    await page.goto("/hr/contact");
    await ready(page, info);
    await page.getByRole("button", { name: t.send }).click();
    await expect(page).toHaveURL(/\/hr\/contact#enquiry$/);
    await expect(page.getByRole("alert").filter({ hasText: "Molimo ispunite sva polja obrasca." })).toBeVisible();
    await expect(page.getByLabel(t.labels.name)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Upišite svoje ime.", { exact: true })).toBeVisible();
    await expect(page.getByLabel(LAYOUT.hr.toastClose)).toBeVisible();
  });

  test("a valid enquiry succeeds in Croatian and reaches EmailJS with its language", async ({ page }, info) => {
    await page.goto("/hr/contact");
    await ready(page, info);
    const message = unique("Stol za šestero u subotu");
    await fillForm(page, valid(message), "hr");
    await expect(page.getByLabel(t.labels.category).locator("option:checked")).toHaveText("Concierge usluge");
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByRole("status").filter({ hasText: "Poruka je uspješno poslana!" })).toBeVisible();
    await expect(page).toHaveURL(/\/hr\/contact#enquiry$/);
    await expect.poll(() => sentWith(message).length, { timeout: scaled(15_000) }).toBe(1);
    expect(sentWith(message)[0]!.fields).toMatchObject({ category: "Concierge services", language: "hr" });
    expect((await storedWith(message))[0]!.enquiry).toMatchObject({ language: "hr" });
  });

  test("a database that cannot be written fails in Croatian and keeps every value", async ({ page }) => {
    const message = unique("Vjenčanje na Hvaru");
    await page.goto(`${UNWRITABLE_BASE_URL}/hr/contact`);
    await fillForm(page, valid(message), "hr");
    await page.getByRole("button", { name: t.send }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Nažalost, vaša poruka nije poslana." });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("info@adriatic-vip.example");
    await expect(toast(page)).toHaveAttribute("data-toast", "error");
    await expectFormValues(page, valid(message), "hr");
  });

  test("the line under the button leads to the privacy notice, with the facts of the configuration", async ({
    page,
  }) => {
    await page.goto("/hr/contact");
    await page.getByRole("link", { name: t.privacyLink }).click();
    await expect(page).toHaveURL(/\/hr\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRIVACY.hr.heading);
    const main = page.getByRole("main");
    await expect(main).toContainText("ime, e-mail, broj telefona, kategorija, poruka");
    await expect(main).toContainText("365 dana nakon što stigne do našeg tima");
    await expect(main).toContainText("EmailJS");
    await expect(main).toContainText("„toast”");
    await expect(main).toContainText("WhatsApp");
    await page.goto(`${OUTBOX_BASE_URL}/privacy`);
    await expect(page.getByRole("main")).not.toContainText("WhatsApp");
    await expect(page.getByRole("main")).toContainText("name, e-mail, phone number, category, message");
  });
});

test.describe("WhatsApp", () => {
  test("nothing of WhatsApp loads before a click", { tag: NO_SCRIPT }, async ({ page }) => {
    const hosts = new Set<string>();
    page.on("request", (r) => hosts.add(new URL(r.url()).host));
    await page.goto("/hr/vip-nightclub-experience");
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([new URL(page.url()).host]);
  });

  test("no WhatsApp anywhere when no number is configured", async ({ page }) => {
    for (const here of ["/", "/hr/contact", "/vip-nightclub-experience", "/hr/event-organization"]) {
      await page.goto(`${OUTBOX_BASE_URL}${here}`);
      await expect(page.locator("a[href*='wa.me']")).toHaveCount(0);
      await expect(page.getByText("WhatsApp")).toHaveCount(0);
    }
  });
});
