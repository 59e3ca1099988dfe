// The upload form on a phone on a poor connection (decision 0042): a 44 px picker listing the choice; a cut upload
// resends that photo alone, stored once; the owner reads what happened (never "damaged"). Faults: route interception.
import { expect, test, type Page, type Request } from "@playwright/test";
import { reviewShot } from "../review-shots";
import { SITE } from "../../../app/i18n/site";
import { smallJpeg, textRenamedJpg } from "../../support/bad-uploads";
import { ownerPages, sessionCookie, staffServer } from "./staff-helpers";
import { draftPhotos } from "./site-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(90_000));

const PORT = 3421;
const t = SITE.en;
let server: Awaited<ReturnType<typeof staffServer>>;
let ownerPage: ReturnType<typeof ownerPages>;
let cookie = "";

test.beforeAll(async () => {
  // 1 MB a file and an upload, so "too large" is a small file.
  server = await staffServer(PORT, { MEDIA_MAX_FILE_MB: "1", MEDIA_MAX_UPLOAD_MB: "1" });
  ownerPage = ownerPages(server, "slow-owner");
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function gallery(page: Page, id: string) {
  await page.goto(`${server.site}/staff/site/${id}`);
  await page.locator("html[data-hydrated]").waitFor();
  cookie ||= await sessionCookie(page.context());
}
const photosIn = (id: string) => draftPhotos({ base: server.base, cookie }, id);
const jpeg = async (name: string) => ({ name, mimeType: "image/jpeg", buffer: await smallJpeg(320, 240) });
/** The file name a request to the upload carries (each request holds one photo). */
const fileOf = (request: Request) => /filename="([^"]+)"/.exec(request.postDataBuffer()?.toString("latin1") ?? "")?.[1];
const row = (page: Page, name: string) => page.locator(".site-progress li", { hasText: name });

test("at 375 px: a 44 px target that opens the picker, reachable by keyboard, listing the chosen photos", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await page.setViewportSize({ width: 375, height: 812 });
  await gallery(page, "vip");
  const picker = page.locator("label.site-picker");
  const box = (await picker.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThan(300);
  // The input is the control (its label the target): named, focusable, its focus shown on the label.
  const input = page.getByLabel(t.add);
  await expect(input).toHaveAttribute("type", "file");
  for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(input).toBeFocused();
  expect(await picker.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  await reviewShot(page, "slow-upload-picker-375", { fullPage: false });

  const chooser = page.waitForEvent("filechooser");
  await picker.click();
  const opened = await chooser;
  expect(opened.isMultiple()).toBe(true);
  const files = [await jpeg("Beach party.jpg"), await jpeg("Terrace at night.jpg")];
  await opened.setFiles(files);
  const chosen = page.locator(".site-chosen");
  await expect(chosen).toContainText(t.chosen(2));
  for (const f of files)
    await expect(chosen.locator("li", { hasText: f.name })).toContainText(t.fileSize(f.buffer.length));
  await chosen.scrollIntoViewIfNeeded();
  await reviewShot(page, "slow-upload-chosen-375", { fullPage: false });
  await page.context().close();
});

test("a connection cut mid-upload: just that photo is sent again, and the gallery gets each photo once", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await gallery(page, "events");
  const before = (await photosIn("events")).length;
  const sent: string[] = [];
  await page.route("**/staff/site/upload", async (route) => {
    const name = fileOf(route.request())!;
    sent.push(name);
    if (name === "cut.jpg" && sent.filter((n) => n === name).length === 1) return route.abort("connectionreset");
    return route.continue();
  });
  await page.getByLabel(t.add).setInputFiles([await jpeg("cut.jpg"), await jpeg("fine.jpg")]);
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  await expect(row(page, "cut.jpg")).toContainText(t.retrying(t.fault.interrupted, 1, 3));
  await expect(row(page, "cut.jpg")).toContainText(t.uploadedOk(1));
  await expect(row(page, "fine.jpg")).toContainText(t.uploadedOk(1));
  expect(sent).toEqual(["cut.jpg", "cut.jpg", "fine.jpg"]);
  await expect.poll(async () => (await photosIn("events")).length).toBe(before + 2);
  await page.context().close();
});

test("the answer lost after the server stored the photo: the retry carries the same key, gets the first answer, and the photo is added once", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await gallery(page, "concierge");
  const before = (await photosIn("concierge")).length;
  const keys: string[] = [];
  const statuses: number[] = [];
  await page.route("**/staff/site/upload", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length > 1) return route.continue();
    // The server takes the photo and answers; the answer never reaches the page.
    statuses.push((await route.fetch()).status());
    return route.abort("connectionreset");
  });
  await page.getByLabel(t.add).setInputFiles([await jpeg("stored-once.jpg")]);
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  await expect(row(page, "stored-once.jpg")).toContainText(t.uploadedOk(1));
  expect(statuses).toEqual([200]);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect.poll(async () => (await photosIn("concierge")).length).toBe(before + 1);
  await page.waitForTimeout(1_000);
  expect(await photosIn("concierge")).toHaveLength(before + 1);
  await page.context().close();
});

test("what the owner reads: too large, refused by name, a slow then lost connection (never 'damaged'); Try again sends just that photo", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await gallery(page, "home");
  const before = (await photosIn("home")).length;
  let flaky = 0;
  await page.route("**/staff/site/upload", async (route) => {
    if (fileOf(route.request()) !== "flaky.jpg") return route.continue();
    flaky++;
    // The server's own answer to a crawl, then the connection lost each time.
    if (flaky === 1)
      return route.fulfill({ status: 408, contentType: "application/json", body: JSON.stringify({ error: "slow" }) });
    return route.abort("connectionreset");
  });
  const big = { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(1_200_000, 0xff) };
  const notes = { name: "notes.jpg", mimeType: "image/jpeg", buffer: textRenamedJpg() };
  await page.getByLabel(t.add).setInputFiles([big, notes, await jpeg("flaky.jpg")]);
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  await expect(row(page, "big.jpg")).toContainText(t.refusedFile("big.jpg", t.refusal["too-large"]));
  await expect(row(page, "notes.jpg")).toContainText(t.refusedFile("notes.jpg", t.refusal.unknown));
  await expect(row(page, "flaky.jpg")).toContainText(t.retrying(t.fault.slow, 1, 3));
  await expect(row(page, "flaky.jpg")).toContainText(t.retrying(t.fault.interrupted, 3, 3), {
    timeout: scaled(20_000),
  });
  await expect(row(page, "flaky.jpg")).toContainText(t.notAdded.interrupted, { timeout: scaled(20_000) });
  expect(flaky).toBe(4);
  await expect(page.locator(".site-progress")).not.toContainText("damaged");
  // Only the lost one offers another try.
  await expect(page.getByRole("button", { name: t.tryAgainLabel("flaky.jpg") })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Try again/ })).toHaveCount(1);
  expect((await photosIn("home")).length).toBe(before);

  await page.unroute("**/staff/site/upload");
  await page.getByRole("button", { name: t.tryAgainLabel("flaky.jpg") }).click();
  await expect(row(page, "flaky.jpg")).toContainText(t.uploadedOk(1));
  await expect.poll(async () => (await photosIn("home")).length).toBe(before + 1);
  await page.context().close();
});

test("reloading while a photo is being sent asks first; staying lets it finish", async ({ browser }) => {
  const page = await ownerPage(browser);
  await gallery(page, "events");
  const before = (await photosIn("events")).length;
  // The photo takes 3 s to leave the browser.
  await page.route("**/staff/site/upload", async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue();
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByLabel(t.add).setInputFiles([await jpeg("stay.jpg")]);
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  await expect(row(page, "stay.jpg")).toContainText(t.uploadedOk(1));
  await expect.poll(async () => (await photosIn("events")).length).toBe(before + 1);
  await page.context().close();
});

test("without JavaScript the plain form still uploads, and says the photos are chosen", async ({ browser }) => {
  const page = await ownerPage(browser, { javaScriptEnabled: false });
  await page.goto(`${server.site}/staff/site/vip`);
  cookie ||= await sessionCookie(page.context());
  const before = (await photosIn("vip")).length;
  await expect(page.getByText(t.chosenNoScript)).toBeHidden();
  await page.getByLabel(t.add).setInputFiles([await jpeg("no-script.jpg")]);
  await expect(page.getByText(t.chosenNoScript)).toBeVisible();
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  await expect(page).toHaveURL(/[?]upload=[\w-]+/);
  await expect(page.getByRole("status")).toContainText(t.uploadedOk(1));
  expect(await photosIn("vip")).toHaveLength(before + 1);
  await page.context().close();
});
