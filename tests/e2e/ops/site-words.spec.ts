// The owner's words end to end, in Chromium with a virtual authenticator against a production
// server: a venue renamed, one added to Hvar, the VIP page's introduction in both languages and
// the phone edited, previewed, published; the public pages (JavaScript off, both languages) show
// them, the footer's tel: link and the JSON-LD carry the new phone; an earlier version restored.
import { expect, test, type Page } from "@playwright/test";
import { PREVIEW } from "../../../app/i18n/preview";
import { SITE } from "../../../app/i18n/site";
import { SITE_WORDS } from "../../../app/i18n/site-words";
import { enquiryBody, sentTo } from "./server";
import { acceptInvitation, addAuthenticator, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const PORT = 3270;
let server: Awaited<ReturnType<typeof staffServer>>;
const t = SITE.en;
const w = SITE_WORDS.en;

test.beforeAll(async () => {
  server = await staffServer(PORT, {
    SITE_POLL_MS: "500",
    CONTACT_PHONE: "+385 21 555 0000",
    // The visitor's confirmation e-mail, to see it carry the published phone.
    EMAILJS_CONFIRMATION_TEMPLATE_ID: "template_words_confirm",
    EMAILJS_MIN_INTERVAL_MS: "50",
    OUTBOX_POLL_MS: "100",
  });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

/** A public page as a visitor without JavaScript gets it. */
async function visit(page: Page, path: string) {
  const visitor = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const view = await visitor.newPage();
  await view.goto(`${server.site}${path}`);
  const read = {
    main: await view.locator("#main").innerText(),
    tel: await view.locator("footer a[href^='tel:']").getAttribute("href"),
    jsonLd: (await view.locator("script[type='application/ld+json']").allTextContents()).join("\n"),
    scripts: await view.locator("script:not([type='application/ld+json'])").count(),
  };
  await visitor.close();
  return read;
}

async function hvarVenues(page: Page, path = "/?city=hvar") {
  const visitor = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const view = await visitor.newPage();
  await view.goto(`${server.site}${path}`);
  const venues = await view.locator("#city-venues li").allInnerTexts();
  await visitor.close();
  return venues;
}

test("the owner edits venues, the VIP page and the phone; previews; publishes; restores", async ({ page }) => {
  await addAuthenticator(page);
  const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  await acceptInvitation(page, linkIn(made.stdout));
  const before = await visit(page, "/vip-nightclub-experience");
  expect(before.tel).toBe("tel:+385215550000");
  const etag = (await fetch(`${server.base}/vip-nightclub-experience`)).headers.get("etag");

  await page.getByRole("link", { name: t.nav, exact: true }).click();
  // The home page: rename Split's "Boiler", add a venue to Hvar.
  await page.getByRole("link", { name: `${w.heading}: ${w.parts.home}` }).click();
  const split = page.getByLabel(w.cities.split, { exact: true });
  await split.fill((await split.inputValue()).replace("Boiler", "Boiler Split"));
  const hvar = page.getByLabel(w.cities.hvar, { exact: true });
  await hvar.fill(`${await hvar.inputValue()}\nPalmižana Beach Bar`);
  await page.getByRole("button", { name: w.save }).click();
  await expect(page.getByRole("status")).toContainText(w.saved);

  // The VIP page's introduction, in both languages (two paragraphs in English).
  await page.getByRole("link", { name: w.back }).click();
  await page.getByRole("link", { name: `${w.heading}: ${w.parts["vip-nightclub-experience"]}` }).click();
  await page.locator("#w-intro-en").fill("Skip the queue at the best clubs on the coast.\n\nYour table is ready.");
  await page.locator("#w-intro-hr").fill("Bez čekanja u najboljim klubovima na obali.");
  await page.getByRole("button", { name: w.save }).click();
  await expect(page.getByRole("status")).toContainText(w.saved);

  // The phone, on the contact part; the Site section says where it comes from now.
  await page.getByRole("link", { name: w.back }).click();
  await page.getByRole("link", { name: `${w.heading}: ${w.parts.contact}` }).click();
  await expect(page.locator(".words-single").filter({ hasText: w.fields.phone })).toContainText(w.sources.environment);
  await page.getByLabel(w.fields.phone, { exact: true }).fill("+385 91 777 8888");
  await page.getByRole("button", { name: w.save }).click();
  await expect(page.getByRole("status")).toContainText(w.saved);
  await page.getByRole("link", { name: w.back }).click();
  await expect(page.getByText(w.allTranslated)).toBeVisible();

  // Preview: this browser sees the draft on the real pages; visitors still the old words.
  await page.getByRole("button", { name: t.preview }).click();
  await page.goto(`${server.site}/hr/vip-nightclub-experience`);
  await expect(page.getByRole("status").first()).toContainText(PREVIEW.hr.banner);
  await expect(page.locator("#main")).toContainText("Bez čekanja u najboljim klubovima na obali.");
  await expect(page.locator("footer a[href^='tel:']")).toHaveAttribute("href", "tel:+385917778888");
  expect((await visit(page, "/vip-nightclub-experience")).main).not.toContain("Skip the queue");
  await page.getByRole("link", { name: PREVIEW.hr.back }).click();

  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(t.published(1));

  // Visitors, JavaScript off, both languages: the new words, the new phone in tel: and JSON-LD.
  const en = await visit(page, "/vip-nightclub-experience");
  expect(en.main).toContain("Skip the queue at the best clubs on the coast.");
  expect(en.main).toContain("Your table is ready.");
  expect(en.tel).toBe("tel:+385917778888");
  expect(en.jsonLd).toContain('"telephone":"+385 91 777 8888"');
  expect(en.scripts).toBe(0);
  const hr = await visit(page, "/hr/vip-nightclub-experience");
  expect(hr.main).toContain("Bez čekanja u najboljim klubovima na obali.");
  expect(hr.tel).toBe("tel:+385917778888");
  const contact = await visit(page, "/hr/contact");
  expect(contact.jsonLd).toContain('"telephone":"+385 91 777 8888"');
  expect(await hvarVenues(page)).toContain("Palmižana Beach Bar");
  expect(await hvarVenues(page, "/hr?city=hvar")).toContain("Palmižana Beach Bar");
  expect(await hvarVenues(page, "/?city=split")).toContain("Boiler Split");
  // A city abroad keeps its country label.
  expect(await hvarVenues(page, "/?city=budva")).toEqual([]);
  expect((await fetch(`${server.base}/vip-nightclub-experience`)).headers.get("etag")).not.toBe(etag);
  // The visitor's confirmation, sent after the publish, gives the new phone.
  const body = enquiryBody("A table for six on Saturday");
  body.set("email", "guest@example.com");
  expect((await fetch(`${server.base}/contact`, { method: "POST", body, redirect: "manual" })).status).toBe(302);
  await expect
    .poll(() => sentTo(server.record).find((s) => s.channel === "confirmation")?.fields.phone ?? "", {
      timeout: scaled(15_000),
    })
    .toContain("+385 91 777 8888");
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  expect(sitemap).toMatch(/\/contact<\/loc>[\s\S]*?<lastmod>\d{4}-/);
  // The audit names who published, and which pages.
  await page.goto(`${server.site}/staff/audit`);
  await expect(page.locator("main")).toContainText("site-publish");

  // A second publish, then the first restored in one step: the old phone is back everywhere.
  await page.goto(`${server.site}/staff/site/words/contact`);
  await page.getByLabel(w.fields.phone, { exact: true }).fill("+385 91 000 1111");
  await page.getByRole("button", { name: w.save }).click();
  await page.getByRole("link", { name: w.back }).click();
  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(t.published(2));
  expect((await visit(page, "/contact")).tel).toBe("tel:+385910001111");
  await page.getByRole("button", { name: t.restoreVersionLabel(1) }).click();
  await expect(page.getByRole("status")).toContainText(t.restoredVersion(3));
  expect((await visit(page, "/contact")).tel).toBe("tel:+385917778888");
  expect((await visit(page, "/vip-nightclub-experience")).main).toContain("Skip the queue");
});
