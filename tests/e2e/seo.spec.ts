import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_SITE_URL, E2E_WHATSAPP_NUMBER, OUTBOX_BASE_URL } from "./e2e-env";
import { decodeHtml, HTTP, htmlOf, PAGES_WITH_HEADINGS } from "./helpers";

type JsonLd = {
  "@type"?: string;
  description?: string;
  inLanguage?: string;
  areaServed?: { name: string }[];
  contactPoint?: { contactType: string; telephone?: string; url?: string }[];
  hasOfferCatalog?: { itemListElement: unknown[] };
  itemListElement?: { position: number; item: string }[];
  [key: string]: unknown;
};

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

const jsonLdIn = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const headingIn = (html: string) => decodeHtml(/<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "");

test.describe("search and sharing", () => {
  // Each page's canonical URL, languages, share tags and image: pages.spec.ts, with its other checks.

  test("the home page describes the business and the website", { tag: HTTP }, async ({ request }) => {
    const data = jsonLdIn(await htmlOf(request, "/"));
    const business = data.find((d) => d["@type"] === "LocalBusiness")!;
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      name: "Adriatic VIP",
      url: `${E2E_SITE_URL}/`,
      telephone: "+385 21 000 000",
      email: "info@adriatic-vip.example",
      address: { "@type": "PostalAddress", addressLocality: "Split", addressCountry: "HR" },
    });
    expect(business.description!.length).toBeGreaterThan(50);
    expect(business.sameAs).toEqual(["https://www.instagram.com/"]);
    expect(business.areaServed!.map((a) => a.name)).toEqual(["Croatia", "Montenegro", "Serbia"]);
    expect(data.find((d) => d["@type"] === "WebSite")).toMatchObject({
      name: "Adriatic VIP",
      url: `${E2E_SITE_URL}/`,
      inLanguage: "en",
    });
    expect(business.contactPoint!.map((c) => c.contactType)).toEqual(["customer service", "reservations"]);
    expect(business.contactPoint![1]).toMatchObject({
      telephone: E2E_WHATSAPP_NUMBER,
      url: `https://wa.me/${E2E_WHATSAPP_NUMBER.slice(1)}`,
    });
  });

  test("the Croatian home page describes them in Croatian", { tag: HTTP }, async ({ request }) => {
    const data = jsonLdIn(await htmlOf(request, "/hr"));
    const business = data.find((d) => d["@type"] === "LocalBusiness")!;
    expect(business.url).toBe(`${E2E_SITE_URL}/hr`);
    expect(business.description).toMatch(/Splita/);
    expect(business.areaServed!.map((a) => a.name)).toEqual(["Hrvatska", "Crna Gora", "Srbija"]);
    expect(data.find((d) => d["@type"] === "WebSite")).toMatchObject({ url: `${E2E_SITE_URL}/hr`, inLanguage: "hr" });
    const quiet = jsonLdIn(await htmlOf(request, `${OUTBOX_BASE_URL}/hr`)).find((d) => d["@type"] === "LocalBusiness")!;
    expect(quiet.contactPoint!.map((c) => c.contactType)).toEqual(["customer service"]);
  });

  for (const path of [
    "/vip-nightclub-experience",
    "/event-organization",
    "/concierge-services",
    "/hr/vip-nightclub-experience",
  ]) {
    test(`${path} is a Service with its provider and a breadcrumb`, { tag: HTTP }, async ({ request }) => {
      const html = await htmlOf(request, path);
      const data = jsonLdIn(html);
      const service = data.find((d) => d["@type"] === "Service")!;
      expect(service.name).toBe(headingIn(html));
      expect(service.url).toBe(`${E2E_SITE_URL}${path}`);
      expect(service.provider).toMatchObject({
        "@type": "LocalBusiness",
        name: "Adriatic VIP",
        "@id": `${E2E_SITE_URL}/#business`,
      });
      expect(service.hasOfferCatalog!.itemListElement.length).toBeGreaterThan(3);
      const crumbs = data.find((d) => d["@type"] === "BreadcrumbList")!;
      expect(crumbs.itemListElement!.map((i) => [i.position, i.item])).toEqual([
        [1, `${E2E_SITE_URL}${path.startsWith("/hr/") ? "/hr" : "/"}`],
        [2, `${E2E_SITE_URL}${path}`],
      ]);
    });
  }

  test("the contact page has a breadcrumb and the business", async ({ page }) => {
    await page.goto("/contact");
    const data = await jsonLd(page);
    expect(data.map((d) => d["@type"]).sort()).toEqual(["BreadcrumbList", "LocalBusiness", "WebPage"]);
  });

  test(
    "sitemap.xml lists every page in both languages with its alternates, and robots.txt points to it",
    { tag: HTTP },
    async ({ request }) => {
      const sitemap = await request.get("/sitemap.xml");
      expect(sitemap.status()).toBe(200);
      expect(sitemap.headers()["content-type"]).toContain("application/xml");
      const xml = await sitemap.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(PAGES_WITH_HEADINGS.map((p) => `${E2E_SITE_URL}${p.path}`));
      const contact = /<url>\s*<loc>[^<]+\/hr\/contact<\/loc>([\s\S]*?)<\/url>/.exec(xml)![1];
      expect([...contact!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
        ["en", `${E2E_SITE_URL}/contact`],
        ["hr", `${E2E_SITE_URL}/hr/contact`],
        ["x-default", `${E2E_SITE_URL}/contact`],
      ]);
      const robots = await (await request.get("/robots.txt")).text();
      expect(robots).toContain("Allow: /");
      expect(robots).toContain(`Sitemap: ${E2E_SITE_URL}/sitemap.xml`);
      expect((await request.get("/")).headers()["x-robots-tag"]).toBeUndefined();
    },
  );

  test("staging (ROBOTS_NOINDEX) disallows everything and says noindex", { tag: HTTP }, async ({ request }) => {
    const robots = await (await request.get(`${OUTBOX_BASE_URL}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /");
    expect(robots).not.toContain("Allow: /\n");
    for (const path of ["/", "/contact", "/favicon.svg"]) {
      expect((await request.get(`${OUTBOX_BASE_URL}${path}`)).headers()["x-robots-tag"]).toBe("noindex, nofollow");
    }
  });

  test("favicons and the web app manifest come from one source", { tag: HTTP }, async ({ request }) => {
    const html = await htmlOf(request, "/");
    const hrefs = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon|manifest)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      "/favicon.svg",
      "/icons/favicon-32.png",
      "/icons/apple-touch-icon.png",
      "/site.webmanifest",
    ]);
    const manifest = await (await request.get("/site.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Adriatic VIP", start_url: "/", theme_color: "#07070d" });
    const sizes: Record<string, number> = {
      "/icons/favicon-32.png": 32,
      "/icons/apple-touch-icon.png": 180,
      "/icons/icon-192.png": 192,
      "/icons/icon-512.png": 512,
    };
    for (const [icon, size] of Object.entries(sizes)) {
      const res = await request.get(icon);
      expect(res.status(), icon).toBe(200);
      expect(await sharp(await res.body()).metadata()).toMatchObject({ format: "png", width: size, height: size });
    }
    expect((await request.get("/favicon.svg")).headers()["content-type"]).toContain("image/svg+xml");
  });
});
