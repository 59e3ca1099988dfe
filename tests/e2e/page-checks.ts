// What every site page must show, read on one visit a page (pages.spec.ts): a page load costs more than its checks.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { pagePath } from "../../app/content/pages";
import { isServiceSlug, SERVICE_SLUGS } from "../../app/content/services";
import { BRAND } from "../../app/content/site";
import { BUSINESS } from "../../app/i18n/business";
import { CONTACT } from "../../app/i18n/contact";
import { HOME } from "../../app/i18n/home";
import { LAYOUT } from "../../app/i18n/layout";
import { localizedPath, type Locale } from "../../app/i18n/locale";
import { PRIVACY, type PrivacyFacts } from "../../app/i18n/privacy";
import { SERVICE_TEXT } from "../../app/i18n/services";
import { E2E_SITE_URL, E2E_WHATSAPP_NUMBER } from "./e2e-env";
import { PAGES_WITH_HEADINGS, ready } from "./helpers";

type SitePage = (typeof PAGES_WITH_HEADINGS)[number];

const serviceLinks = (locale: Locale) =>
  SERVICE_SLUGS.map((slug) => [LAYOUT[locale].services[slug], localizedPath(`/${slug}`, locale)] as const);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export async function expectPage(page: Page, { heading, locale }: SitePage) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(/Adriatic VIP/);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length).toBeGreaterThan(50);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("main")).toBeVisible();
}

export async function expectHeader(page: Page, locale: Locale) {
  const t = LAYOUT[locale];
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: t.logoLabel("Adriatic VIP") })).toHaveAttribute(
    "href",
    localizedPath("/", locale),
  );
  const services = header.getByRole("navigation", { name: t.servicesNav });
  for (const [name, href] of serviceLinks(locale)) {
    await expect(services.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(header.getByRole("link", { name: t.contact, exact: true })).toHaveAttribute(
    "href",
    localizedPath("/contact", locale),
  );
}

export async function expectFooter(page: Page, locale: Locale) {
  const t = LAYOUT[locale];
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: t.contactUs })).toHaveAttribute(
    "href",
    localizedPath("/contact", locale),
  );
  const quick = footer.getByRole("navigation", { name: t.footer.quickLinks });
  for (const [name, href] of serviceLinks(locale)) {
    await expect(quick.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(quick.getByRole("link", { name: t.footer.privacy })).toHaveAttribute(
    "href",
    localizedPath("/privacy", locale),
  );
  await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute("href", "mailto:info@adriatic-vip.example");
  await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("href", "tel:+38521000000");
  const social = footer.getByRole("link", { name: /Instagram/ });
  await expect(social).toHaveAttribute("href", /^https:\/\//);
  await expect(social).toHaveAttribute("rel", /noopener/);
  const credit = footer.getByText(new RegExp(`^${t.footer.madeBy}`));
  await expect(credit).toBeVisible();
  await expect(credit.getByRole("link")).toHaveAttribute("href", /^https:\/\//);
  await expect(footer.getByText(t.footer.rights(2023, "Adriatic VIP"))).toBeVisible();
}

export async function expectWhatsApp(page: Page, { id, locale }: SitePage) {
  const expected = isServiceSlug(id) ? LAYOUT[locale].whatsapp.services[id] : LAYOUT[locale].whatsapp.message(BRAND);
  const links = page.locator("a[data-whatsapp]");
  await expect(links).toHaveCount(2 + (id === "contact" || isServiceSlug(id) ? 1 : 0));
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute(
      "href",
      `https://wa.me/${E2E_WHATSAPP_NUMBER.slice(1)}?text=${encodeURIComponent(expected)}`,
    );
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
    await expect(link).toHaveAttribute("aria-label", LAYOUT[locale].whatsapp.name);
  }
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LAYOUT[locale].whatsapp.name })).toBeVisible();
}

const meta = (page: Page, attr: "name" | "property", key: string) =>
  page.locator(`meta[${attr}="${key}"]`).getAttribute("content");

export async function expectHead(page: Page, request: APIRequestContext, { id, path: at, locale }: SitePage) {
  const url = `${E2E_SITE_URL}${at}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  const english = `${E2E_SITE_URL}${pagePath(id, "en")}`;
  const croatian = `${E2E_SITE_URL}${pagePath(id, "hr")}`;
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
  expect(alternates).toEqual([
    ["en", english],
    ["hr", croatian],
    ["x-default", english],
  ]);
  expect(await meta(page, "property", "og:locale")).toBe(locale === "hr" ? "hr_HR" : "en_US");
  const title = await page.title();
  expect(title).toContain("Adriatic VIP");
  expect(await meta(page, "property", "og:title")).toBe(title);
  expect(await meta(page, "property", "og:url")).toBe(url);
  expect(await meta(page, "property", "og:type")).toBe("website");
  expect(await meta(page, "property", "og:site_name")).toBe("Adriatic VIP");
  expect(await meta(page, "property", "og:description")).toBe(await meta(page, "name", "description"));
  expect(await meta(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await meta(page, "name", "twitter:title")).toBe(title);
  const image = await meta(page, "property", "og:image");
  expect(image).toBe(`${E2E_SITE_URL}/og/${id}.jpg`);
  expect(await meta(page, "name", "twitter:image")).toBe(image);
  expect((await meta(page, "property", "og:image:alt"))!.length).toBeGreaterThan(10);
  expect(await meta(page, "property", "og:image:width")).toBe("1200");
  expect(await meta(page, "property", "og:image:height")).toBe("630");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#07070d");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);

  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const info = await sharp(await response.body()).metadata();
  expect(info).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
}

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

/** English texts (dictionaries, privacy notice, alt texts) that Croatian says otherwise. */
export const ENGLISH_LEFTOVERS: string[] = (() => {
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

export async function expectNoEnglish(page: Page) {
  const text = await page.evaluate(() => {
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
  const found = ENGLISH_LEFTOVERS.filter((en) => new RegExp(`(?<!\\p{L})${escape(en)}(?!\\p{L})`, "u").test(text));
  expect(found).toEqual([]);
}

export async function expectOtherLanguageAndBack(
  page: Page,
  info: TestInfo,
  { id, locale, path: here, heading }: SitePage,
) {
  const other = locale === "en" ? "hr" : "en";
  await ready(page, info);
  const link = page.getByRole("banner").getByRole("navigation", { name: LAYOUT[locale].languageNav }).getByRole("link");
  await expect(link).toHaveAttribute("hreflang", other);
  await expect(link).toHaveAttribute("lang", other);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${escape(pagePath(id, other))}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  const counterpart = PAGES_WITH_HEADINGS.find((p) => p.id === id && p.locale === other)!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(counterpart.heading);
  await page.getByRole("banner").getByRole("navigation", { name: LAYOUT[other].languageNav }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${escape(here)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}
