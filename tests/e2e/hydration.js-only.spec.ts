import { expect, test } from "@playwright/test";

test("the contact page runs its modules only once the visitor uses the page", async ({ page }) => {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.mouse.move(200, 200);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
});

test("a visitor who sends the form before the page has woken still gets their answer", async ({ page }) => {
  await page.goto("/contact");
  // Submitted by the keyboard alone, before any module has run: the plain form post answers.
  await page.locator("#enquiry-name").evaluate((input: HTMLInputElement) => input.form!.requestSubmit());
  await expect(page.getByRole("alert")).toContainText("Please fill out all the form fields.");
});
