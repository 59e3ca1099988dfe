import { expect, test, type Page } from "@playwright/test";
import { MAX_LENGTH } from "../../app/content/enquiry-fields";
import { fillForm, unique, valid } from "./enquiry-helpers";
import { hasJs, ready } from "./helpers";

test.describe("contact page", () => {
  test("about text and the three info cards", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByText("ABOUT US", { exact: true })).toBeVisible();
    await expect(page.getByText(/young, solution-oriented group based in Split, Croatia/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "+385 21 000 000" })).toHaveAttribute(
      "href",
      "tel:+38521000000",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "info@adriatic-vip.example" })).toHaveAttribute(
      "href",
      "mailto:info@adriatic-vip.example",
    );
    await expect(page.getByRole("main").getByText("Split, Croatia", { exact: true })).toBeVisible();
  });

  test("the form has every field, labelled", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(form.getByLabel("Name")).toHaveAttribute("type", "text");
    await expect(form.getByLabel("E-mail")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Phone number")).toHaveAttribute("type", "tel");
    const category = form.getByLabel("Category");
    await expect(category).toHaveValue("");
    const options = await category.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(["", "other", "VIP Nightclub experience", "Event organization", "Concierge services"]);
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "4");
    await expect(form.getByRole("button", { name: "Send message" })).toBeEnabled();
    await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  });

  test("each text field's maxlength is the schema's bound, and the browser counts it as the server does", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const fields = { Name: "name", "E-mail": "email", "Phone number": "number", Message: "message" } as const;
    for (const [label, field] of Object.entries(fields))
      await expect(form.getByLabel(label)).toHaveAttribute("maxlength", String(MAX_LENGTH[field]));
    // Typed, an emoji takes two of the 100: the browser stops where the server would refuse.
    const name = form.getByLabel("Name");
    await name.click();
    await page.keyboard.insertText("😀".repeat(60));
    await name.pressSequentially("abc");
    expect(await name.evaluate((input: HTMLInputElement) => input.value.length)).toBeLessThanOrEqual(MAX_LENGTH.name);
  });
});

// On a phone the form is some 1,000 px down: whatever the server answers, the visitor lands where the answer is.
test.describe("contact page on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });
  const formLink = (page: Page) => page.getByRole("main").getByRole("link", { name: "Send us a message" });
  const message = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });

  test("a link under the heading, on the first screen, takes the visitor to the form", async ({ page }) => {
    await page.goto("/contact");
    await expect(formLink(page)).toBeInViewport();
    await formLink(page).click();
    await expect(page).toHaveURL(/\/contact#enquiry$/);
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeInViewport();
    await expect(page.getByRole("form", { name: "Send us a message" }).getByLabel("Name")).toBeInViewport();
  });

  test("a refused enquiry lands at its problems, each a link to its field", async ({ page }, info) => {
    await page.goto("/contact");
    await ready(page, info);
    await fillForm(page, { ...valid(unique("Landing")), message: "" });
    await page.getByRole("button", { name: "Send message" }).click();
    const problem = page.getByRole("link", { name: "Message: Please write your message." });
    await expect(problem).toBeVisible();
    if (hasJs(info)) {
      await expect(message(page)).toBeFocused();
      await expect(message(page)).toBeInViewport();
    } else {
      await expect(page).toHaveURL(/\/contact#enquiry$/);
      await expect(problem).toBeInViewport();
      await problem.click();
      await expect(message(page)).toBeInViewport();
    }
  });

  test("an accepted enquiry lands at the thanks and the reference", async ({ page }, info) => {
    await page.goto("/contact");
    await ready(page, info);
    await fillForm(page, valid(unique("Landing accepted")));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact#enquiry$/);
    await expect(page.locator("[data-sent] [data-reference]")).toBeInViewport();
  });
});

test("on a desktop the form is on the first screen, without the phone's link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/contact");
  await expect(page.getByRole("main").getByRole("link", { name: "Send us a message" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeInViewport();
});
