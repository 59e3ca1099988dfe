// A campaign's visitor to the owner's funnel, JavaScript on and off; each project its own server (its own counts).
import { readFileSync } from "node:fs";
import { devices, expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { fillForm, storedIn, unique } from "./enquiry-helpers";
import { acceptOverHttp, linkIn, staffCommand, staffServer } from "./ops/staff-helpers";

test.describe.configure({ mode: "serial" });

const PORTS: Record<string, number> = { js: 3630, "no-js": 3631 };
let server: Awaited<ReturnType<typeof staffServer>>;
let owner: { name: string; value: string };
const message = unique("A table for six, from the summer post");

test.beforeAll(async () => {
  const info = test.info();
  // Behind a proxy that sets X-Real-IP (TRUST_PROXY_HEADER): each browser context is its own client address.
  server = await staffServer(PORTS[info.project.name]!, { TRUST_PROXY_HEADER: "x-real-ip", VISIT_FLUSH_SECONDS: "1" });
  const invited = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  const { cookie } = await acceptOverHttp(server, linkIn(invited.stdout + invited.stderr));
  const [name, value] = cookie!.split(/=(.*)/s) as [string, string];
  owner = { name, value };
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function client(browser: Browser, info: TestInfo, address: string, agent: { userAgent: string }) {
  return browser.newContext({
    ...agent,
    javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
    extraHTTPHeaders: { "x-real-ip": address },
  });
}

async function ownerPage(browser: Browser, info: TestInfo): Promise<[BrowserContext, Page]> {
  const context = await client(browser, info, "192.0.2.10", devices["Desktop Chrome"]);
  await context.addCookies([{ ...owner, url: server.site }]);
  return [context, await context.newPage()];
}

test("a campaign's visitor and a search engine's are counted apart, the enquiry names its source everywhere; a bot and staff are not counted", async ({
  browser,
}, info) => {
  const visitor = await client(browser, info, "203.0.113.7", devices["Pixel 7"]);
  const page = await visitor.newPage();
  await page.goto(`${server.site}/?utm_source=instagram&utm_campaign=summer-vip`, {
    referer: "https://l.instagram.com/",
  });
  await page.locator('main a[href="/vip-nightclub-experience"]').first().click();
  await page.waitForURL(/\/vip-nightclub-experience$/);
  await page.locator('a[href="/contact"]').first().click();
  await page.waitForURL(/\/contact$/);
  await fillForm(page, {
    name: "Ana",
    email: "ana@example.com",
    number: "+385 91 234 5678",
    category: "other",
    message,
  });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Form successfully submitted!" })).toBeVisible();
  await visitor.close();

  const searcher = await client(browser, info, "198.51.100.2", devices["Desktop Chrome"]);
  await (await searcher.newPage()).goto(`${server.site}/hr`, { referer: "https://www.google.hr/" });
  await searcher.close();
  // A crawler and a signed-in owner: neither is a visitor.
  const crawler = await client(browser, info, "192.0.2.9", {
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  await (await crawler.newPage()).goto(`${server.site}/?utm_source=crawler`);
  await crawler.close();
  const [staff, desk] = await ownerPage(browser, info);
  await desk.goto(`${server.site}/contact?utm_source=staff-check`, { referer: "https://www.bing.com/" });

  // The owner's funnel (the counts flush every second): both visitors, each under its source; no bot, no staff.
  const row = (key: string) => desk.locator(`#dash-funnel-by tbody[data-key="${key}"]`);
  const steps = (key: string) => row(key).locator("td > span");
  await expect(async () => {
    await desk.goto(`${server.site}/staff?days=7&by=channel`);
    await expect(desk.locator("#dash-funnel-by tbody")).toHaveCount(2);
  }).toPass();
  expect(await desk.locator("#dash-funnel-by tbody").evaluateAll((rows) => rows.map((r) => r.dataset.key))).toEqual([
    "instagram",
    "google",
  ]);
  await expect(row("instagram").locator("th")).toHaveText("Instagram");
  await expect(steps("instagram")).toHaveText(["1", "1", "1", "0", "0"]);
  await expect(steps("google")).toHaveText(["1", "0", "0", "0", "0"]);
  await expect(desk.locator("#dash-funnel-summary")).toHaveText("2 visitors, 1 enquiry, 0 booked.");
  // Readable on a phone: the per-source table needs no sideways scrolling at 375 px.
  await desk.setViewportSize({ width: 375, height: 800 });
  expect(await desk.locator(".dash-scroll").evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(
    0,
  );
  await desk.locator('select[name="by"]').selectOption("campaign");
  await desk.getByRole("button", { name: "Show" }).click();
  await expect(row("summer-vip").locator("th")).toHaveText("summer-vip");
  await expect(steps("summer-vip")).toHaveText(["1", "1", "1", "0", "0"]);
  await expect(steps("")).toHaveText(["1", "0", "0", "0", "0"]);

  await desk.goto(`${server.site}/staff/inbox?source=instagram&campaign=summer-vip`);
  await expect(desk.getByText(message.slice(0, 40))).toBeVisible();
  const [stored] = (await storedIn(server.database)).filter((r) => r.enquiry.message === message);
  expect((stored!.enquiry as unknown as { source: unknown }).source).toEqual({
    channel: "instagram",
    medium: "social",
    campaign: "summer-vip",
    referrer: "l.instagram.com",
    landing: "/",
  });
  const [download] = await Promise.all([
    desk.waitForEvent("download"),
    desk.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
  const line = csv.split("\r\n").find((l) => l.includes(message))!;
  expect(line).toContain('"instagram","social","summer-vip","l.instagram.com","/"');
  await desk.goto(`${server.site}/staff/inbox/${stored!.id}`);
  await expect(desk.locator("[data-source]")).toContainText("from Instagram · summer-vip");
  await expect(desk.locator("[data-source]")).toContainText("l.instagram.com");
  await staff.close();
});
