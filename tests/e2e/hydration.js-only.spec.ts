import { expect, test } from "@playwright/test";
import { BROWSER_ARGS, CHROMIUM } from "../../scripts/lib/chromium";

// The full browser: the headless shell sends a page a pointer move at (0, 0) of its own, in 2 to 8 loads of 100.
test.use({ launchOptions: { executablePath: CHROMIUM, args: BROWSER_ARGS } });

test("the contact page runs its modules only once the visitor uses the page", async ({ page }) => {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.mouse.move(200, 200);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
});

test("a visitor who sends the form before any module has run still gets the plain form post's answer", async ({
  page,
}) => {
  await page.goto("/contact");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.locator("#enquiry-name").evaluate((input: HTMLInputElement) => input.form!.requestSubmit());
  expect((await answer).request().resourceType()).toBe("document");
  await expect(page.getByRole("alert")).toContainText("Please fill out all the form fields.");
});
