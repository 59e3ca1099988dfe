import { expect, test, type Page } from "@playwright/test";
import { CONTACT } from "../../app/i18n/contact";
import type { Locale } from "../../app/i18n/locale";
import { fillForm, sentWith, storedWith, toast, unique, valid } from "./enquiry-helpers";
import { hasJs, ready } from "./helpers";
import { scaled } from "./time-scale";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The date's and guests' labels follow the category: at once with JavaScript, from the server's answer without it. */
const details = (page: Page, locale: Locale, said: "chosen" | "plain") => {
  const t = CONTACT[locale];
  const group = page.getByRole("group", { name: t.details });
  const category = said === "chosen" ? "Event organization" : "other";
  return {
    group,
    guests: group.getByLabel(t.byService.guests[category], { exact: true }),
    date: group.getByLabel(t.byService.event_date[category], { exact: true }),
    time: group.getByLabel(t.labels.event_time, { exact: true }),
    budget: group.getByLabel(t.labels.budget, { exact: true }),
    city: group.getByLabel(t.labels.city, { exact: true }),
  };
};

test("the details are optional, labelled as the chosen service says them, and arrive with the enquiry", async ({
  page,
}, info) => {
  await page.goto("/contact");
  await ready(page, info);
  const t = CONTACT.en;
  const group = page.getByRole("group", { name: t.details });
  await expect(group.getByLabel("Date", { exact: true })).toBeVisible();
  await expect(group.getByLabel(t.labels.city, { exact: true })).toHaveValue("split");
  await expect(group.getByLabel("Date", { exact: true })).not.toHaveAttribute("aria-required", "true");

  const message = unique("Wedding party on a boat");
  await fillForm(page, { ...valid(message), category: "Event organization" });
  const d = details(page, "en", hasJs(info) ? "chosen" : "plain");
  await expect(d.date).toBeVisible();
  await expect(group.getByLabel("Night of the table", { exact: true })).toHaveCount(0);
  const day = inDays(45);
  await d.date.fill(day);
  await d.time.fill("19:30");
  await d.guests.fill("80");
  await d.budget.selectOption("over-10000");
  await d.city.selectOption("hvar");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(toast(page)).toHaveAttribute("data-toast", "success");

  const expected = { event_date: day, event_time: "19:30", guests: "80", budget: "over-10000", city: "hvar" };
  await expect.poll(async () => (await storedWith(message)).length).toBe(1);
  expect((await storedWith(message))[0]!.enquiry).toMatchObject({ category: "Event organization", ...expected });
  // Paced at one call a second with every other test's e-mails (and confirmations): allow a queue.
  await expect.poll(() => sentWith(message).length, { timeout: scaled(15_000) }).toBe(1);
  expect(sentWith(message)[0]!.fields).toMatchObject({
    ...expected,
    details: expect.stringMatching(/^Date: .+ · Time: 19:30 · Guests: 80 · Budget: Over €10,000 · City: Hvar$/),
  });
});

test("a refused detail is named in the visitor's language, lands at the form's problems, and keeps everything", async ({
  page,
}, info) => {
  await page.goto("/hr/contact");
  await ready(page, info);
  const t = CONTACT.hr;
  const message = unique("Rođendan za prijatelje");
  await fillForm(page, { ...valid(message), category: "Event organization" }, "hr");
  const d = details(page, "hr", hasJs(info) ? "chosen" : "plain");
  await d.guests.fill("900");
  await d.date.evaluate((input: HTMLInputElement) => {
    input.type = "text";
  });
  await d.date.fill("1.1.2020.");
  await page.getByRole("button", { name: t.send }).click();
  const problems = page.getByText(t.problemsTitle);
  await expect(problems).toBeVisible();
  if (hasJs(info)) {
    await expect(details(page, "hr", "chosen").date).toBeFocused();
    await expect(details(page, "hr", "chosen").date).toBeInViewport();
  } else await expect(problems).toBeInViewport();
  await expect(page.getByRole("link", { name: "Gosti: Upišite „Gosti” kao broj od 1 do 500." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Datum: Upišite „Datum” kao datum od danas nadalje." })).toBeVisible();
  const again = details(page, "hr", "chosen");
  await expect(again.guests).toHaveValue("900");
  await expect(again.guests).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(t.labels.message, { exact: true })).toHaveValue(message);
  expect(await storedWith(message)).toHaveLength(0);

  const day = inDays(3);
  const [y, m, dd] = day.split("-");
  await again.guests.fill("6");
  const date = page.getByLabel(t.byService.event_date["Event organization"], { exact: true });
  if ((await date.getAttribute("type")) === "date") await date.fill(day);
  else await date.fill(`${Number(dd)}.${Number(m)}.${y}.`);
  await page.getByRole("button", { name: t.send }).click();
  await expect(toast(page)).toHaveAttribute("data-toast", "success");
  await expect.poll(async () => (await storedWith(message)).length).toBe(1);
  expect((await storedWith(message))[0]!.enquiry).toMatchObject({ guests: "6", event_date: day, language: "hr" });
});
