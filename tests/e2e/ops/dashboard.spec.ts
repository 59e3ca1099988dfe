import { axeOf } from "../axe";
import { reviewShot } from "../review-shots";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DASHBOARD } from "../../../app/i18n/dashboard";
import type { Locale } from "../../../app/i18n/locale";
import { STAFF } from "../../../app/i18n/staff";
import { addDays, teamInstant, teamMonday } from "../../../app/utils/team-time";
import { acceptInvitation, addAuthenticator, inDatabase, linkIn, staffCommand, staffServer } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3231;
let server: Awaited<ReturnType<typeof staffServer>>;
let session: { name: string; value: string } | undefined;

/** This week: three, answered in 30 and 90 minutes, one booked; last week: two, one booked; one spam, never counted. */
function seed(file: string) {
  const now = Date.now();
  const monday = teamMonday(new Date(now));
  const weekStart = teamInstant(monday).getTime();
  const lastWeek = teamInstant(addDays(monday, -7)).getTime();
  const thisWeek = (k: number) => new Date(weekStart + ((now - weekStart) * k) / 10).toISOString();
  const rows: [string, string, string, string, string, string | null, number | null][] = [
    [thisWeek(1), "VIP Nightclub experience", "en", "/contact", "booked", null, 30],
    [thisWeek(2), "Concierge services", "hr", "/hr/kontakt", "replied", null, 90],
    [thisWeek(3), "other", "en", "/contact", "new", null, null],
    [thisWeek(4), "Event organization", "en", "/spam", "new", "links", 5],
    [new Date(lastWeek + 3_600_000).toISOString(), "Event organization", "hr", "/contact", "booked", null, null],
    [new Date(lastWeek + 7_200_000).toISOString(), "Event organization", "en", "/contact", "closed", null, null],
  ];
  for (const [i, [at, category, language, page, followUp, spam, reply]] of rows.entries())
    inDatabase(
      file,
      `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, language, page, reference, follow_up, spam, first_replied_at)
       VALUES (?, ?, ?, ?, '+385 91 000 0000', ?, 'A table, please', ?, ?, ?, ?, ?, ?)`,
      crypto.randomUUID(),
      at,
      `Guest ${i}`,
      `guest${i}@example.com`,
      category,
      language,
      page,
      `DASH-000${i}`,
      followUp,
      spam,
      reply === null ? null : new Date(Date.parse(at) + reply * 60_000).toISOString(),
    );
}

test.beforeAll(async () => {
  server = await staffServer(PORT);
  seed(server.database);
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function expectDashboard(page: Page, locale: Locale) {
  const d = DASHBOARD[locale];
  await expect(page.getByRole("heading", { level: 2, name: d.title })).toBeVisible();
  for (const title of [d.perService, d.perLanguage, d.replyChart, d.pagesChart])
    await expect(page.getByRole("img", { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(page.getByText(d.serviceSummary(5, 2, 12))).toBeVisible();
  await expect(page.locator("[data-stat=enquiries] .dash-big")).toContainText("3");
  await expect(page.locator("[data-stat=enquiries]")).toContainText(`${d.lastWeek}: 2`);
  await expect(page.locator("[data-stat=booked] .dash-big")).toContainText("1");
  // 30 and 90 minutes: one hour; the spam's five minutes not among them.
  await expect(page.locator("[data-stat=reply] .dash-big")).toContainText(d.duration(3600));
  await expect(page.getByRole("img", { name: new RegExp(`^${d.replyChart}`) })).toHaveAccessibleName(
    new RegExp(d.replySummary(d.duration(3600), 2).replace(/[()]/g, ".")),
  );
  const table = page.getByRole("table", { name: d.perService });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row").last()).toContainText("3");
  const pages = page.getByRole("table", { name: d.pagesChart });
  await expect(pages.getByRole("row")).toHaveCount(3);
  await expect(pages).toContainText("/contact");
  await expect(pages).not.toContainText("/spam");
  await expect(page.locator(".dash-chart")).toHaveCount(5);
  await expectNoSidewaysScroll(page);
}

async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  const wide = await page.evaluate((width) => {
    const clipped = (e: Element | null): boolean =>
      !!e && (getComputedStyle(e).clipPath !== "none" || clipped(e.parentElement));
    return [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e))
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute("class") ?? ""}#${e.id}`)
      .slice(0, 8);
  }, width);
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function axeClean(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

test("the dashboard with JavaScript: charts and their numbers, both languages, axe clean at 375 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await addAuthenticator(page);
  const made = staffCommand(server, {}, "invite", "lead@example.com", "--owner");
  await acceptInvitation(page, linkIn(made.stdout));
  const cookie = (await page.context().cookies()).find((c) => c.name === "staff" || c.name === "__Host-staff")!;
  session = { name: cookie.name, value: cookie.value };
  await page.goto(`${server.site}/staff`);
  await expectDashboard(page, "en");
  await axeClean(page);
  await reviewShot(page, "dashboard-en-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await reviewShot(page, "dashboard-en-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: STAFF.en.language.other }).click();
  await expectDashboard(page, "hr");
  await axeClean(page);
  await reviewShot(page, "dashboard-hr-375");
  for (const name of [STAFF.hr.home.open, STAFF.hr.nav.account, STAFF.hr.nav.people, STAFF.hr.nav.audit])
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
});

async function withoutScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  await context.addCookies([{ ...session!, url: server.site }]);
  return { context, page: await context.newPage() };
}

test("the dashboard without JavaScript: the same charts and numbers, both languages", async ({ browser }) => {
  const { context, page } = await withoutScript(browser);
  await page.goto(`${server.site}/staff`);
  await expectDashboard(page, "en");
  await page.getByRole("button", { name: STAFF.en.language.other }).click();
  await expectDashboard(page, "hr");
  await context.close();
});

test("the invitation link: shown whole on a phone; with JavaScript a button copies it and says so", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addCookies([{ ...session!, url: server.site }]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.site });
  const page = await context.newPage();
  await page.goto(`${server.site}/staff/people`);
  await page.getByLabel(STAFF.en.people.email).fill("marko@example.com");
  await page.getByRole("button", { name: STAFF.en.people.invite, exact: true }).click();
  const link = page.locator("#staff-link");
  await expect(link).toContainText("/staff/invitation?token=");
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: STAFF.en.people.copy }).click();
  await expect(page.getByRole("status").filter({ hasText: STAFF.en.people.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await link.textContent())!.trim());
  await axeClean(page);
  await reviewShot(page, "people-link-375");
  await context.close();

  const bare = await withoutScript(browser);
  await bare.page.goto(`${server.site}/staff/people`);
  await bare.page.getByLabel(STAFF.en.people.email).fill("ivana@example.com");
  await bare.page.getByRole("button", { name: STAFF.en.people.invite, exact: true }).click();
  await expect(bare.page.locator("#staff-link")).toContainText("/staff/invitation?token=");
  await expect(bare.page.getByRole("button", { name: STAFF.en.people.copy })).toBeHidden();
  await bare.context.close();
});

test("the audit log on a phone: a card an entry, nothing to scroll sideways, axe clean", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addCookies([{ ...session!, url: server.site }]);
  const page = await context.newPage();
  await page.goto(`${server.site}/staff/audit`);
  const rows = page.getByRole("table").getByRole("row");
  expect(await rows.count()).toBeGreaterThan(2);
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("columnheader", { name: STAFF.en.audit.when })).toBeAttached();
  await axeClean(page);
  await reviewShot(page, "audit-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("columnheader", { name: STAFF.en.audit.when })).toBeVisible();
  await context.close();
});
