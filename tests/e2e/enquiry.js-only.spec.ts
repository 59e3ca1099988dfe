// Behaviour that exists only with JavaScript: playwright.config.ts runs this file in "js".
import { expect, test, type Page } from "@playwright/test";
import { expectFormValues, fillForm, storedWith, toast, unique, valid } from "./enquiry-helpers";
import { ready } from "./helpers";

test.describe("enquiry with JavaScript", () => {
  test.beforeEach(async ({ page }, info) => {
    await page.goto("/contact");
    await ready(page, info);
  });

  const slowNetwork = (page: Page) =>
    page.route("**/contact*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });

  test("submitting does not reload the page and the button shows it is sending", async ({ page }) => {
    await slowNetwork(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const message = unique("Slow send");
    await fillForm(page, valid(message));
    const button = page.getByRole("button", { name: /Send message|Sending/ });
    await button.click();
    await expect(button).toHaveText("Sending…");
    await expect(button).toBeDisabled();
    await expect(toast(page)).toContainText("Form successfully submitted!");
    await expect(button).toHaveText("Send message");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await storedWith(message)).toHaveLength(1);
  });

  test("a double click, or a click while sending, sends the enquiry once", async ({ page }) => {
    await slowNetwork(page);
    const message = unique("Impatient sender");
    await fillForm(page, valid(message));
    const button = page.getByRole("button", { name: /Send message|Sending/ });
    await button.dblclick();
    await expect(button).toHaveText("Sending…");
    // The disabled button swallows further clicks (force skips Playwright's own wait for it).
    await button.click({ force: true });
    await expect(toast(page)).toContainText("Form successfully submitted!");
    await page.waitForTimeout(1_500);
    expect(await storedWith(message)).toHaveLength(1);
  });

  test("after a warning, focus goes to the first field that needs attention", async ({ page }) => {
    await fillForm(page, { name: "Ivana", email: "" });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toBeVisible();
    await expect(page.getByLabel("E-mail")).toBeFocused();
  });

  test("a reload after a refused enquiry keeps what was typed", async ({ page }, info) => {
    const typed = { ...valid(unique("Reloaded")), category: "" };
    await fillForm(page, typed);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toHaveAttribute("data-toast", "warning");
    await page.reload();
    await ready(page, info);
    await expectFormValues(page, typed);
  });

  test("after an accepted enquiry a reload brings nothing of it back", async ({ page }, info) => {
    await fillForm(page, valid(unique("Sent, then reloaded")));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toHaveAttribute("data-toast", "success");
    await page.reload();
    await ready(page, info);
    await expectFormValues(page, { name: "", email: "", number: "", category: "", message: "" });
  });

  test("a click elsewhere closes the toast", async ({ page }) => {
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(toast(page)).toBeHidden();
  });

  test("Escape closes the toast", async ({ page }) => {
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toast(page)).toBeHidden();
  });
});

test.describe("after an enquiry is accepted, with JavaScript", () => {
  test("the reference stays on the page after the toast closes, and nothing stale comes back on other pages", async ({
    page,
  }, info) => {
    await page.goto("/contact");
    await ready(page, info);
    const message = unique("Reference kept");
    await fillForm(page, valid(message));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page)).toContainText("Form successfully submitted!");
    const [stored] = await storedWith(message);
    const sent = page.locator("[data-sent]");
    await expect(sent).toContainText(stored!.reference);
    await page.keyboard.press("Escape");
    await expect(toast(page)).toBeHidden();
    await expect(sent).toContainText(stored!.reference);
    await page.getByRole("navigation").getByRole("link").first().click();
    await expect(page).not.toHaveURL(/\/contact$/);
    await expect(toast(page)).toHaveCount(0);
    await page
      .getByRole("link", { name: /contact/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("[data-sent]")).toHaveCount(0);
    await expect(toast(page)).toHaveCount(0);
  });
});
