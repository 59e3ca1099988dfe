// The sales desk (decision 0031), JavaScript on and off: staff pages run no script, so "off" proves the forms are plain HTML.
import { axeOf } from "../axe";
import { reviewShot } from "../review-shots";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { teamDay } from "../../../app/utils/team-time";
import {
  acceptInvitation,
  addAuthenticator,
  inDatabase,
  rowsIn,
  linkIn,
  sessionCookie,
  staffCommand,
  staffServer,
} from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3213;
let server: Awaited<ReturnType<typeof staffServer>>;
let cookie = "";
const HOUR = 3_600_000;

test.beforeAll(async ({ browser }) => {
  server = await staffServer(PORT);
  const page = await (await browser.newContext()).newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, {}, "invite", "desk@example.com", "--owner").stdout));
  cookie = await sessionCookie(page.context());
  await page.context().close();
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function send(name: string, email: string, phone: string, message: string) {
  const answer = await fetch(`${server.base}/contact`, {
    method: "POST",
    body: new URLSearchParams({ name, email, number: phone, category: "Concierge services", message, website: "" }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  return rowsIn<{ id: string; reference: string }>(
    server.database,
    "SELECT id, reference FROM enquiries WHERE name = ?",
    name,
  )[0]!;
}

const day = (offset: number) => teamDay(Date.now() + offset * 24 * HOUR);

async function staffPage(browser: Browser, options: { js: boolean; width: number; hr?: boolean }): Promise<Page> {
  const [name, value] = cookie.split("=") as [string, string];
  const context = await browser.newContext({
    javaScriptEnabled: options.js,
    viewport: { width: options.width, height: 800 },
    ...(options.hr ? { locale: "hr-HR", extraHTTPHeaders: { "Accept-Language": "hr" } } : {}),
  });
  await context.addCookies([{ name, value, url: server.site }]);
  return context.newPage();
}

const narrow = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > 376)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  }));

let tonight: { id: string; reference: string };
let old: { id: string; reference: string };
let later: { id: string; reference: string };

test("the views: Needs a reply oldest first with its wait, Upcoming by day in groups; the badge; one click back at the row; reply by e-mail (JS on, 375 and 1280 px, axe)", async ({
  browser,
}) => {
  test.slow();
  tonight = await send(
    "Tonia Tonight",
    "tonia@example.com",
    "+385 91 111 0001",
    "A table for six tonight, by the bar.",
  );
  old = await send("Olga Waiting", "olga@example.com", "+385 91 111 0002", "Boat to Hvar, a week from now.");
  later = await send("Lara Later", "lara@example.com", "+385 91 111 0003", "Villa for a wedding next summer.");
  inDatabase(
    server.database,
    "UPDATE enquiries SET received_at = ?, event_date = ?, event_time = '22:00' WHERE id = ?",
    new Date(Date.now() - 3 * HOUR - 5 * 60_000).toISOString(),
    day(0),
    tonight.id,
  );
  inDatabase(
    server.database,
    "UPDATE enquiries SET received_at = ?, event_date = ? WHERE id = ?",
    new Date(Date.now() - 50 * HOUR).toISOString(),
    day(-1),
    old.id,
  );
  inDatabase(
    server.database,
    "UPDATE enquiries SET event_date = ?, event_time = '18:30' WHERE id = ?",
    day(40),
    later.id,
  );

  const page = await staffPage(browser, { js: true, width: 375 });
  await page.goto(`${server.site}/staff`);
  await expect(page.locator(".staff-badge")).toHaveAttribute("data-waiting", "3");
  await page.locator(".staff-badge").click();
  await expect(page).toHaveURL(/\/staff\/inbox\/needs-reply$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Needs a reply");
  await expect(page.locator(".inbox-name")).toHaveText(["Olga Waiting", "Tonia Tonight", "Lara Later"]);
  await expect(page.locator(`#e-${old.id} [data-waited]`)).toHaveText("waiting 2 days");
  await expect(page.locator(`#e-${tonight.id} [data-waited]`)).toHaveText("waiting 3 h 5 min");
  await expect(page.locator(`#e-${old.id} .inbox-preview`)).toHaveText("Boat to Hvar, a week from now.");
  // No "E-mail: Here only (no channel set)" chip on a server without channels: not trouble.
  await expect(page.locator(".inbox-chip")).toHaveCount(0);
  expect(await narrow(page)).toEqual({ width: 375, wide: [] });
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await reviewShot(page, "desk-needs-reply-375");

  await page.getByRole("link", { name: "Upcoming" }).click();
  await expect(page).toHaveURL(/\/staff\/inbox\/upcoming$/);
  await expect(page.locator("[data-group]")).toHaveCount(2);
  await expect(page.locator('[data-group="tonight"] .inbox-name')).toHaveText(["Tonia Tonight"]);
  await expect(page.locator('[data-group="later"] .inbox-name')).toHaveText(["Lara Later"]);
  await expect(page.getByText("Olga Waiting")).toHaveCount(0); // her event was yesterday
  await expect(page.locator('[data-group="tonight"] .inbox-event')).toContainText("22:00");
  expect(await narrow(page)).toEqual({ width: 375, wide: [] });
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await reviewShot(page, "desk-upcoming-375");

  await page.goto(`${server.site}/staff/inbox?q=example&followUp=new&category=Concierge+services`);
  await expect(page.locator("[data-found]")).toHaveText("3 found");
  expect(await narrow(page)).toEqual({ width: 375, wide: [] });
  const firstRow = await page.locator(".inbox-row").first().boundingBox();
  expect(firstRow!.y).toBeLessThan(520);
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await reviewShot(page, "desk-list-filtered-375");

  await page.goto(`${server.site}/staff/inbox?q=example`);
  // Booked asks for its details: the list leads to the enquiry's booking form.
  await page.getByRole("link", { name: "Book Lara Later: date, venue, guests, deposit" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/${later.id}#booking$`));
  await expect(page.getByRole("heading", { name: "Booking", exact: true })).toBeInViewport();
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("New");
  await page.goBack();
  await page.getByRole("button", { name: "Mark Lara Later: Closed" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox\\?q=example.*#e-${later.id}$`));
  await expect(page.locator(`#e-${later.id} .inbox-badge`)).toHaveText("Closed");
  await expect(page.locator(`#e-${later.id}`)).toBeInViewport();
  await expect(page.locator(".staff-badge")).toHaveAttribute("data-waiting", "2");

  // Recorded, then mailto: (which the page's form-action allows: no CSP refusal reported).
  const refusals: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|form-action/i.test(m.text())) refusals.push(m.text());
  });
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Reply by e-mail to Tonia Tonight" }).click();
  const posted = await answer;
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe(
    `mailto:tonia@example.com?subject=${encodeURIComponent(`Your enquiry ${tonight.reference}`)}`,
  );
  await page.waitForTimeout(500);
  expect(refusals).toEqual([]);
  await page.goto(`${server.site}/staff/inbox/${tonight.id}`);
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Replied");
  await expect(page.locator("[data-first-reply]")).toHaveText(/^first reply after 3 h (5|6) min$/);
  await expect(page.locator(".inbox-history")).toContainText("desk@example.com: New → Replied");
  await expect(page.getByRole("button", { name: "WhatsApp" })).toBeVisible();
  expect(await narrow(page)).toEqual({ width: 375, wide: [] });
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await reviewShot(page, "desk-enquiry-375");

  const wide = await staffPage(browser, { js: true, width: 1280 });
  for (const [path, file] of [
    ["/staff/inbox/needs-reply", "needs-reply"],
    ["/staff/inbox/upcoming", "upcoming"],
    ["/staff/inbox?q=example", "list"],
    [`/staff/inbox/${old.id}`, "enquiry"],
  ])
    await wide.goto(`${server.site}${path}`).then(() => reviewShot(wide, `desk-${file}-1280`));
  await expect(wide.locator(".staff-badge")).toHaveAttribute("data-waiting", "1");
  await page.context().close();
  await wide.context().close();
});

test("without JavaScript, in Croatian: the views, one click back at the row, WhatsApp recorded, the erase box as search reads it, a person's other enquiries", async ({
  browser,
}) => {
  const again = await send("Olga Opet", "OLGA@example.com", "+385 91 999 0000", "Još jedan upit.");
  let page = await staffPage(browser, { js: false, width: 375, hr: true });
  await page.goto(`${server.site}/staff/inbox/needs-reply`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Čeka odgovor");
  await expect(page.locator(".inbox-name")).toHaveText(["Olga Waiting", "Olga Opet"]);
  await expect(page.locator(`#e-${old.id} [data-waited]`)).toHaveText("čeka 2 dana");
  await expect(page.locator(`#e-${old.id}`)).toContainText("Concierge usluge");
  expect(await narrow(page)).toEqual({ width: 375, wide: [] });

  await page.goto(`${server.site}/staff/inbox`);
  await page.getByRole("button", { name: "Označi Olga Waiting: Odgovoreno" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox#e-${old.id}$`));
  await expect(page.locator(`#e-${old.id} .inbox-badge`)).toHaveText("Odgovoreno");
  await expect(page.locator(".staff-badge")).toHaveAttribute("data-waiting", "1");
  await page.getByRole("link", { name: "Rezerviraj Olga Waiting: datum, mjesto, gosti, polog" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/${old.id}#booking$`));
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Odgovoreno");
  await expect(page.getByRole("heading", { name: "Rezervacija", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Označi rezervirano i potvrdi gostu" })).toBeVisible();
  // An old page's bare "booked" changes nothing and is shown the form.
  const bare = await page.request.post(`${server.site}/staff/inbox/${old.id}`, {
    form: { intent: "follow-up", state: "booked" },
    headers: { origin: server.site },
    maxRedirects: 0,
  });
  expect([bare.status(), bare.headers().location]).toEqual([303, `/staff/inbox/${old.id}#booking`]);
  await page.reload();
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Odgovoreno");

  await page.goto(`${server.site}/staff/inbox/${again.id}`);
  await expect(page.getByRole("heading", { name: "Drugih upita ove osobe: 1" })).toBeVisible();
  await expect(page.locator(".inbox-others a")).toHaveAttribute("href", `/staff/inbox/${old.id}`);
  await expect(page.locator("[data-first-reply]")).toContainText("još bez odgovora");
  // wa.me follows the POST (the page's form-action allows it); that tab shows the browser's error page here (no network),
  // so the checks go on in another tab.
  const toWhatsApp = page.waitForRequest("https://wa.me/385919990000");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "WhatsApp" }).click();
  const posted = await answer;
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe("https://wa.me/385919990000");
  await toWhatsApp;
  page = await page.context().newPage();
  await page.goto(`${server.site}/staff/inbox/${again.id}`);
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Odgovoreno");
  await expect(page.locator("[data-first-reply]")).toContainText("prvi odgovor nakon");
  await page.getByRole("button", { name: "Zatvoreno", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/${again.id}\\?saved=1#follow-up$`));
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Zatvoreno");
  await page.getByLabel(/Upišite oznaku za potvrdu/).fill(again.reference.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Izbriši ovaj upit" }).click();
  await expect(page).toHaveURL(/\/staff\/inbox\?erased=/);
  await expect(page.getByText(`Upit ${again.reference} je izbrisan.`)).toBeVisible();
  await page.context().close();

  const checked = await staffPage(browser, { js: true, width: 375, hr: true });
  for (const path of ["/staff/inbox/needs-reply", "/staff/inbox/upcoming", `/staff/inbox/${old.id}`]) {
    await checked.goto(`${server.site}${path}`);
    expect((await axeOf(checked).analyze()).violations, path).toEqual([]);
  }
  await reviewShot(checked, "desk-enquiry-hr-375");
  await checked.context().close();
});
