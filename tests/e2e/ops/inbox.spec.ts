import { axeOf } from "../axe";
import { expect, test, type Page } from "@playwright/test";
import { CONTACT } from "../../../app/i18n/contact";
import type { Locale } from "../../../app/i18n/locale";
import { fillForm } from "../enquiry-helpers";
import { enquiryBody } from "./server";
import { acceptInvitation, addAuthenticator, linkIn, sessionCookie, staffCommand, staffServer } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3203;
let server: Awaited<ReturnType<typeof staffServer>>;
let cookie = "";

const HOSTILE = {
  name: `<img src=x onerror="window.__pwned=1">=HYPERLINK("https://evil.example","x")`,
  message: `<script>window.__pwned=2</script> javascript:alert(1) [x](javascript:alert(1)) https://evil.example/?q=<b>bold</b>\n@SUM(1+1)`,
  note: `<svg onload="window.__pwned=3"></svg> "quotes" & ampersands`,
};

test.beforeAll(async () => {
  server = await staffServer(PORT, { WHATSAPP_NUMBER: "+385911234567" });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function signedInStaff(page: Page) {
  await addAuthenticator(page);
  const made = staffCommand(server, {}, "invite", `team${Date.now()}@example.com`, "--owner");
  await acceptInvitation(page, linkIn(made.stdout));
  cookie = await sessionCookie(page.context());
}

async function sendEnquiry(page: Page, locale: Locale, name: string, message: string) {
  await page.goto(`${server.site}${locale === "hr" ? "/hr/contact" : "/contact"}`);
  await fillForm(
    page,
    { name, email: "ana@example.com", number: "+385 91 234 5678", category: "Concierge services", message },
    locale,
  );
  await page
    .getByRole("form", { name: CONTACT[locale].formTitle })
    .getByRole("button", { name: CONTACT[locale].send })
    .click();
  const kept = page.locator("[data-sent]");
  await expect(kept).toContainText(/Your reference|Vaša oznaka upita/);
  const reference = (await kept.locator("[data-reference]").textContent())!;
  expect(reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.locator("[data-toast]")).toContainText(reference);
  return reference;
}

test("a visitor keeps a reference (JS on and off, both languages); staff find it, mark it replied with a note, export, erase", async ({
  browser,
}) => {
  test.slow();
  const withJs = await browser.newContext();
  const visitor = await withJs.newPage();
  const reference = await sendEnquiry(visitor, "en", "Ana Inbox", "A table for six on Saturday");
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const visitorNoJs = await noJs.newPage();
  const referenceHr = await sendEnquiry(visitorNoJs, "hr", "Ivana Bez Skripte", "Brod za osam osoba");
  expect(referenceHr).not.toBe(reference);
  await withJs.close();
  await noJs.close();

  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signedInStaff(page);
  await page.getByRole("link", { name: "Open the inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(reference.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".inbox-row")).toHaveCount(1);
  await page.locator(".inbox-row").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enquiry from Ana Inbox");
  await expect(page.getByText("A table for six on Saturday")).toBeVisible();
  await expect(page.getByText("/contact", { exact: true })).toBeVisible();
  const enquiryId = new URL(page.url()).pathname.split("/").pop()!;
  const replies: Record<string, string> = {};
  for (const via of ["email", "phone", "whatsapp"]) {
    const answer = await fetch(`${server.base}/staff/inbox/${enquiryId}`, {
      method: "POST",
      headers: { cookie, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "reply", via }),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    replies[via] = answer.headers.get("location")!;
  }
  expect(replies).toEqual({
    email: `mailto:ana@example.com?subject=${encodeURIComponent(`Your enquiry ${reference}`)}`,
    phone: "tel:+385912345678",
    whatsapp: "https://wa.me/385912345678",
  });
  await page.reload();
  await expect(page.locator(".inbox-head .inbox-badge")).toHaveText("Replied");
  await expect(page.locator("[data-first-reply]")).toContainText("first reply after");

  await page.getByLabel("Add a note").fill("Called back, booking Saturday");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Called back, booking Saturday")).toBeVisible();
  await expect(page.locator(".inbox-history")).toContainText("New → Replied");
  expect((await axeOf(page).analyze()).violations).toEqual([]);

  const exported = await fetch(`${server.base}/staff/inbox/export?followUp=replied&format=csv`, {
    headers: { cookie },
  });
  expect(exported.status).toBe(200);
  expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(exported.headers.get("content-disposition")).toMatch(
    /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const bytes = new Uint8Array(await exported.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes));
  expect(rows[0]!.slice(0, 3)).toEqual(["reference", "received_at (Europe/Zagreb, UTC offset)", "follow_up"]);
  expect(rows).toHaveLength(2);
  expect(rows[1]![0]).toBe(reference);
  expect(rows[1]![2]).toBe("replied");
  expect(rows[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+0[12]:00$/);
  expect(rows[0]!.at(-1)).toBe("notes");
  expect(rows[1]!.at(-1)).toMatch(
    /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+0[12]:00, team\d+@example\.com\] Called back, booking Saturday$/,
  );

  await page.getByLabel(/Type the reference to confirm/).fill(reference);
  await page.getByRole("button", { name: "Erase this enquiry" }).click();
  await expect(page.getByText(`Enquiry ${reference} was erased.`)).toBeVisible();
  const search = await fetch(`${server.base}/staff/inbox?q=${reference}`, { headers: { cookie } });
  expect(await search.text()).not.toContain("Ana Inbox");
  expect((await fetch(`${server.base}/staff/inbox/${enquiryId}`, { headers: { cookie } })).status).toBe(404);
  const outbox = staffCommand(server, {}, "list");
  expect(outbox.status).toBe(0);
  await page.goto(`${server.site}/staff/audit`);
  await expect(page.getByRole("cell", { name: "erasure" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /^export/ }).first()).toBeVisible();
  expect(await page.locator("table").textContent()).not.toContain("Ana Inbox");
  expect(await page.locator("table").textContent()).not.toContain("ana@example.com");
  await staff.close();
});

test("hostile text in every field and a note renders inert in the list, the page, the notes and the export", async ({
  browser,
}) => {
  const posted = await fetch(`${server.base}/contact`, {
    method: "POST",
    body: enquiryBody(HOSTILE.message, HOSTILE.name),
    redirect: "manual",
  });
  expect(posted.status).toBe(302);
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signedInStaff(page);
  await page.goto(`${server.site}/staff/inbox?q=HYPERLINK`);
  await expect(page.locator(".inbox-name").first()).toHaveText(HOSTILE.name);
  await page.locator(".inbox-row").first().click();
  await expect(page.locator(".inbox-message")).toHaveText(HOSTILE.message);
  await page.getByLabel("Add a note").fill(HOSTILE.note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator(".inbox-note")).toHaveText(HOSTILE.note);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator("main img, main svg, main script").count()).toBe(0);
  const hrefs = await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => /evil|javascript/i.test(h))).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > 380)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  );
  expect(wide).toEqual([]);

  const csv = parseCsv(
    await (await fetch(`${server.base}/staff/inbox/export?q=HYPERLINK`, { headers: { cookie } })).text(),
  );
  const name = csv[0]!.indexOf("name");
  const message = csv[0]!.indexOf("message");
  expect(csv[1]![name]).toBe(HOSTILE.name); // begins with "<": not a formula, kept as typed
  // The "@" after the message's line break could begin a cell in a misread file: neutralised too.
  expect(csv[1]![message]).toBe(HOSTILE.message.replace("\n@", "\n'@"));
  for (const cell of csv.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  await context.close();
});

test("the inbox with JavaScript off: filter, open, follow up (post, redirect, get); axe-clean at 375 px in Croatian", async ({
  browser,
}) => {
  await fetch(`${server.base}/contact`, {
    method: "POST",
    body: enquiryBody("Without script", "Petra"),
    redirect: "manual",
  });
  const signer = await browser.newContext();
  await signedInStaff(await signer.newPage());
  const [name, value] = cookie.split("=") as [string, string];
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  await context.addCookies([{ name, value, url: server.site }]);
  const page = await context.newPage();
  await page.goto(`${server.site}/staff/inbox`);
  await page.getByText("Filters").click();
  await page.getByLabel("Follow-up").selectOption("new");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/followUp=new/);
  await page.locator(".inbox-row").first().click();
  await page.getByRole("button", { name: "Replied", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.locator(".inbox-badge").first()).toHaveText("Replied");
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((e) => e.getBoundingClientRect().right > 380)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto(`${server.site}/staff/inbox?q=HYPERLINK`);
  await page.locator(".inbox-row").first().click();
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > 380)
        .map((e) => `${e.tagName}.${e.className}`)
        .slice(0, 5),
    ),
  ).toEqual([]);

  const hr = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: "hr-HR" });
  await hr.addCookies([{ name, value, url: server.site }]);
  const hrPage = await hr.newPage();
  await hrPage.goto(`${server.site}/staff/inbox`);
  await expect(hrPage.getByRole("heading", { level: 1 })).toHaveText("Sandučić");
  expect((await axeOf(hrPage).analyze()).violations).toEqual([]);
  await signer.close();
  await context.close();
  await hr.close();
});

/** RFC 4180, as a spreadsheet reads it: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
