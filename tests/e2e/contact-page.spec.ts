import { expect, test } from "@playwright/test";
import { MAX_LENGTH } from "../../app/enquiry/fields";

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
    // The honeypot is out of reach for people.
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
