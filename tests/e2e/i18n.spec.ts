import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { pagePath } from "../../app/content/pages";
import { isServiceSlug } from "../../app/content/services";
import { BRAND } from "../../app/content/site";
import { BUSINESS } from "../../app/i18n/business";
import { CONTACT } from "../../app/i18n/contact";
import { HOME } from "../../app/i18n/home";
import { LAYOUT } from "../../app/i18n/layout";
import { PRIVACY, type PrivacyFacts } from "../../app/i18n/privacy";
import { SERVICE_TEXT } from "../../app/i18n/services";
import { E2E_WHATSAPP_NUMBER, OUTBOX_BASE_URL, UNWRITABLE_BASE_URL } from "./e2e-env";
import { expectFormValues, fillForm, storedWith, sentWith, toast, unique, valid } from "./enquiry-helpers";
import { HTTP, NO_SCRIPT, PAGES_WITH_HEADINGS, ready, scriptTag } from "./helpers";

function texts(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${at}.${i}`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, `${at}.${k}`));
  return [];
}

const FACTS: PrivacyFacts = {
  brand: BRAND,
  location: "Split",
  email: "info@adriatic-vip.example",
  phone: "+385 21 000 000",
  fields: [],
  teamChannels: [],
  retentionDays: 365,
  spamRetentionDays: 30,
  giveUpHours: 24,
  rateLimitMinutes: 10,
  whatsapp: true,
  confirmation: true,
  visitRetentionDays: 730,
};

const ENGLISH_LEFTOVERS: string[] = (() => {
  const pairs = [LAYOUT, HOME, SERVICE_TEXT, CONTACT, BUSINESS].flatMap((dictionary) => {
    const hr = new Map(texts(dictionary.hr));
    return texts(dictionary.en).map(([at, en]) => [en, hr.get(at)] as const);
  });
  const privacy = (locale: "en" | "hr") => [
    PRIVACY[locale].intro(FACTS),
    ...PRIVACY[locale].sections(FACTS).flatMap((s) => [s.heading, ...s.paragraphs]),
  ];
  const privacyHr = privacy("hr");
  pairs.push(...privacy("en").map((en, i) => [en, privacyHr[i]] as const));
  const galleries = "assets/gallery";
  for (const gallery of readdirSync(galleries)) {
    const en = JSON.parse(readFileSync(path.join(galleries, gallery, "alt.json"), "utf8")) as Record<string, string>;
    const hr = JSON.parse(readFileSync(path.join(galleries, gallery, "alt.hr.json"), "utf8")) as Record<string, string>;
    for (const [file, text] of Object.entries(en)) pairs.push([text, hr[file]]);
  }
  return [...new Set(pairs.filter(([en, hr]) => en !== hr && en.trim().length > 1).map(([en]) => en.trim()))];
})();

async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll("script, style, template").forEach((el) => el.remove());
    const attributes = [...document.querySelectorAll("[alt], [aria-label], [title], [placeholder]")].flatMap((el) =>
      ["alt", "aria-label", "title", "placeholder"].map((a) => el.getAttribute(a) ?? ""),
    );
    const metas = [
      ...document.querySelectorAll('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]'),
    ].map((m) => m.getAttribute("content") ?? "");
    const structured = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent);
    return [document.title, body.textContent, ...attributes, ...metas, ...structured].join("\n");
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("Croatian beside English", () => {
  test("the dictionaries have English texts to look for", { tag: HTTP }, () => {
    // A guard for the test below: it must have something to find.
    expect(ENGLISH_LEFTOVERS.length).toBeGreaterThan(150);
    expect(ENGLISH_LEFTOVERS).toContain("Send us a message");
  });

  for (const { id, path: pagePathname } of PAGES_WITH_HEADINGS.filter((p) => p.locale === "hr")) {
    test(`${pagePathname} shows no English text from the dictionaries`, scriptTag(id), async ({ page }) => {
      await page.goto(pagePathname);
      const text = await readableText(page);
      const found = ENGLISH_LEFTOVERS.filter((en) => new RegExp(`(?<!\\p{L})${escape(en)}(?!\\p{L})`, "u").test(text));
      expect(found).toEqual([]);
    });
  }

  for (const { id, locale, path: here, heading } of PAGES_WITH_HEADINGS) {
    test(`${here} links to its other language and back`, scriptTag(id), async ({ page }, info) => {
      const other = locale === "en" ? "hr" : "en";
      await page.goto(here);
      await ready(page, info);
      const header = page.getByRole("banner");
      const link = header.getByRole("navigation", { name: LAYOUT[locale].languageNav }).getByRole("link");
      await expect(link).toHaveAttribute("hreflang", other);
      await expect(link).toHaveAttribute("lang", other);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${escape(pagePath(id, other))}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      const counterpart = PAGES_WITH_HEADINGS.find((p) => p.id === id && p.locale === other)!;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(counterpart.heading);
      await page
        .getByRole("banner")
        .getByRole("navigation", { name: LAYOUT[other].languageNav })
        .getByRole("link")
        .click();
      await expect(page).toHaveURL(new RegExp(`${escape(here)}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }

  test(
    "the menu offers the other language too, and the home page keeps its city",
    { tag: NO_SCRIPT },
    async ({ page }) => {
      await page.goto("/?city=hvar");
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await expect(menu.getByRole("link", { name: "Hrvatski" })).toHaveAttribute("href", "/hr?city=hvar");
      await menu.getByRole("link", { name: "Hrvatski" }).click();
      await expect(page).toHaveURL(/\/hr\?city=hvar$/);
      await expect(page.getByRole("heading", { name: "Hvar" })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Gradovi" }).getByRole("link", { name: /Beograd/ }),
      ).toBeVisible();
    },
  );

  test("an unknown Croatian address gives the Croatian 404", { tag: NO_SCRIPT }, async ({ page }) => {
    const response = await page.goto("/hr/nema-te-stranice");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LAYOUT.hr.errors.notFoundTitle);
    await expect(page).toHaveTitle(new RegExp(LAYOUT.hr.errors.notFoundTitle));
    await page.getByRole("main").getByRole("link", { name: LAYOUT.hr.errors.backHome }).click();
    await expect(page).toHaveURL(/\/hr$/);
  });

  test("English visitors are never redirected by their browser's language", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "hr-HR",
      extraHTTPHeaders: { "Accept-Language": "hr-HR,hr;q=0.9" },
    });
    const page = await context.newPage();
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    expect(page.url()).toMatch(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});

test.describe("the enquiry in Croatian", () => {
  const t = CONTACT.hr;

  test("an empty form warns in Croatian", async ({ page }, info) => {
    await page.goto("/hr/contact");
    await ready(page, info);
    await page.getByRole("button", { name: t.send }).click();
    await expect(page).toHaveURL(/\/hr\/contact#enquiry$/);
    await expect(page.getByRole("alert").filter({ hasText: "Molimo ispunite sva polja obrasca." })).toBeVisible();
    await expect(page.getByLabel(t.labels.name)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Upišite svoje ime.", { exact: true })).toBeVisible();
    await expect(page.getByLabel(LAYOUT.hr.toastClose)).toBeVisible();
  });

  test("a valid enquiry succeeds in Croatian and reaches EmailJS with its language", async ({ page }, info) => {
    await page.goto("/hr/contact");
    await ready(page, info);
    const message = unique("Stol za šestero u subotu");
    await fillForm(page, valid(message), "hr");
    await expect(page.getByLabel(t.labels.category).locator("option:checked")).toHaveText("Concierge usluge");
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByRole("status").filter({ hasText: "Poruka je uspješno poslana!" })).toBeVisible();
    await expect(page).toHaveURL(/\/hr\/contact#enquiry$/);
    await expect.poll(() => sentWith(message).length, { timeout: 15_000 }).toBe(1);
    expect(sentWith(message)[0]!.fields).toMatchObject({ category: "Concierge services", language: "hr" });
    expect(storedWith(message)[0]!.enquiry).toMatchObject({ language: "hr" });
  });

  test("a database that cannot be written fails in Croatian and keeps every value", async ({ page }) => {
    const message = unique("Vjenčanje na Hvaru");
    await page.goto(`${UNWRITABLE_BASE_URL}/hr/contact`);
    await fillForm(page, valid(message), "hr");
    await page.getByRole("button", { name: t.send }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Nažalost, vaša poruka nije poslana." });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("info@adriatic-vip.example");
    await expect(toast(page)).toHaveAttribute("data-toast", "error");
    await expectFormValues(page, valid(message), "hr");
  });

  test("the line under the button leads to the privacy notice, with the facts of the configuration", async ({
    page,
  }) => {
    await page.goto("/hr/contact");
    await page.getByRole("link", { name: t.privacyLink }).click();
    await expect(page).toHaveURL(/\/hr\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRIVACY.hr.heading);
    const main = page.getByRole("main");
    await expect(main).toContainText("ime, e-mail, broj telefona, kategorija, poruka");
    await expect(main).toContainText("365 dana nakon što stigne do našeg tima");
    await expect(main).toContainText("EmailJS");
    await expect(main).toContainText("„toast”");
    await expect(main).toContainText("WhatsApp");
    await page.goto(`${OUTBOX_BASE_URL}/privacy`);
    await expect(page.getByRole("main")).not.toContainText("WhatsApp");
    await expect(page.getByRole("main")).toContainText("name, e-mail, phone number, category, message");
  });
});

test.describe("WhatsApp", () => {
  const digits = E2E_WHATSAPP_NUMBER.slice(1);

  for (const { id, locale, path: here } of PAGES_WITH_HEADINGS) {
    test(`${here} offers WhatsApp with a message for the page`, scriptTag(id), async ({ page }) => {
      await page.goto(here);
      const expected = isServiceSlug(id)
        ? LAYOUT[locale].whatsapp.services[id]
        : LAYOUT[locale].whatsapp.message(BRAND);
      const links = page.locator("a[data-whatsapp]");
      await expect(links).toHaveCount(2 + (id === "contact" || isServiceSlug(id) ? 1 : 0));
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("href", `https://wa.me/${digits}?text=${encodeURIComponent(expected)}`);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener");
        await expect(link).toHaveAttribute("aria-label", LAYOUT[locale].whatsapp.name);
      }
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: LAYOUT[locale].whatsapp.name }),
      ).toBeVisible();
    });
  }

  test("nothing of WhatsApp loads before a click", { tag: NO_SCRIPT }, async ({ page }) => {
    const hosts = new Set<string>();
    page.on("request", (r) => hosts.add(new URL(r.url()).host));
    await page.goto("/hr/vip-nightclub-experience");
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([new URL(page.url()).host]);
  });

  test("no WhatsApp anywhere when no number is configured", async ({ page }) => {
    for (const here of ["/", "/hr/contact", "/vip-nightclub-experience", "/hr/event-organization"]) {
      await page.goto(`${OUTBOX_BASE_URL}${here}`);
      await expect(page.locator("a[href*='wa.me']")).toHaveCount(0);
      await expect(page.getByText("WhatsApp")).toHaveCount(0);
    }
  });
});
