// Chromium reports an unused preload only seconds after the load: rather than wait that long on every page, the
// stylesheets a page fetched are compared with those it applies.
import { expect, test, type Page } from "@playwright/test";
import { PAGES } from "../../app/content/pages";
import { CONTACT } from "../../app/i18n/contact";
import { STAFF_PATHS } from "../../app/staff/paths";

type Heard = { messages: string[]; stylesheets: string[] };

function listen(page: Page): Heard {
  const heard: Heard = { messages: [], stylesheets: [] };
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error")
      heard.messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => heard.messages.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") heard.stylesheets.push(request.url());
  });
  return heard;
}

async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForLoadState("networkidle");
}

async function wake(page: Page) {
  if ((await page.locator('script[type="module"]').count()) === 0) return false;
  await page.mouse.move(5, 5);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return true;
}

async function expectQuiet(page: Page, heard: Heard) {
  await settle(page);
  const applied = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => sheet.href ?? []));
  expect.soft(heard.messages, page.url()).toEqual([]);
  expect(
    heard.stylesheets.filter((url) => !applied.includes(url)),
    `stylesheets fetched but not applied on ${page.url()}`,
  ).toEqual([]);
}

for (const { path, locale } of PAGES) {
  test(`${path}: nothing in the console, nothing fetched unused`, async ({ page }) => {
    const heard = listen(page);
    await page.goto(path);
    await settle(page);
    if (await wake(page)) {
      await page.getByRole("link", { name: CONTACT[locale].privacyLink }).click();
      await expect(page).toHaveURL(/\/privacy$/);
    }
    await expectQuiet(page, heard);
  });
}

test("the staff sign-in page: nothing in the console, nothing fetched unused", async ({ page }) => {
  const heard = listen(page);
  await page.goto(STAFF_PATHS.signIn);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expectQuiet(page, heard);
});
