import { expect, test } from "@playwright/test";
import { OUTBOX_BASE_URL } from "./e2e-env";
import {
  drawEverything,
  hasJs,
  htmlOf,
  HTTP,
  NO_SCRIPT,
  PAGES_WITH_HEADINGS,
  SCRIPTED_PAGES,
  scriptTag,
} from "./helpers";
import {
  expectFooter,
  expectHead,
  expectHeader,
  expectNoEnglish,
  expectOtherLanguageAndBack,
  expectPage,
  expectWhatsApp,
} from "./page-checks";

test.describe("pages", () => {
  // One visit a page for every check a page must pass (page-checks.ts); a page that runs no script in "no-js" alone.
  for (const sitePage of PAGES_WITH_HEADINGS) {
    test(
      `${sitePage.path}: 200 with its heading, title and description; header, footer and WhatsApp; its head for search and sharing; its other language and back`,
      scriptTag(sitePage.id),
      async ({ page, request }, info) => {
        const response = await page.goto(sitePage.path);
        expect(response?.status()).toBe(200);
        await test.step("heading, title and description", () => expectPage(page, sitePage));
        await test.step("the header's logo, service links and Contact button", () =>
          expectHeader(page, sitePage.locale));
        await test.step("the footer's contact, quick and info links, credit and copyright", () =>
          expectFooter(page, sitePage.locale));
        await test.step("WhatsApp with a message for the page", () => expectWhatsApp(page, sitePage));
        await test.step("canonical URL, languages, share tags and a real share image", () =>
          expectHead(page, request, sitePage));
        if (sitePage.locale === "hr")
          await test.step("no English text from the dictionaries", () => expectNoEnglish(page));
        await test.step("its other language and back", () => expectOtherLanguageAndBack(page, info, sitePage));
      },
    );
  }

  test("every page has its own title and description", { tag: HTTP }, async ({ request }) => {
    const seen = new Set<string>();
    for (const { path } of PAGES_WITH_HEADINGS) {
      const html = await htmlOf(request, path);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      expect([title, description], path).toEqual([expect.stringMatching(/\S/), expect.stringMatching(/\S/)]);
      seen.add(`${title}|${description}`);
    }
    expect(seen.size).toBe(PAGES_WITH_HEADINGS.length);
  });

  for (const path of ["/no-such-page", "/contact/extra", "/vip-nightclub-experience/1"]) {
    test(`unknown path ${path} answers 404 with a friendly page`, { tag: NO_SCRIPT }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page).toHaveTitle(/Page not found/);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adriatic VIP");
    });
  }

  test("hashed assets and images are cached for a year, pages are not", { tag: HTTP }, async ({ request }) => {
    // Read from the HTML as sent: the module script imports it once the visitor wakes the page.
    const contactHtml = await htmlOf(request, "/contact");
    const script = /import\("(\/assets\/[^"]+\.js)"\)/.exec(contactHtml)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const galleryHtml = await htmlOf(request, "/vip-nightclub-experience");
    const source = /<picture[^>]*>\s*<source [^>]*type="image\/avif"[^>]*>/.exec(galleryHtml)?.[0];
    const image = /srcSet="([^"]+)"/i.exec(source ?? "")?.[1];
    const imageUrl = image!.split(",")[0]!.trim().split(" ")[0]!;
    for (const url of [script!, imageUrl]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
    expect((await request.get(imageUrl)).headers()["content-type"]).toBe("image/avif");
  });

  test(
    "script only where it helps: the contact page runs React, every other page sends none",
    { tag: HTTP },
    async ({ request }) => {
      for (const { id, path } of PAGES_WITH_HEADINGS) {
        const html = await htmlOf(request, path);
        const scripts = html.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
        // No module is fetched by the HTML itself: nothing competes with the first paint.
        expect(html.match(/<link rel="modulepreload" href=/g) ?? [], path).toEqual([]);
        if (SCRIPTED_PAGES.includes(id)) {
          expect(scripts.length, path).toBeGreaterThan(0);
          expect(html, path).toContain("await Promise.all([import(");
        } else {
          expect(scripts, path).toEqual([]);
        }
      }
    },
  );

  test("health check answers 200 with the queue's state", { tag: HTTP }, async ({ request }) => {
    // 200 whatever the queue's state (other tests made some enquiries fail on purpose: degraded).
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(["ok", "degraded"]).toContain((await response.json()).status);
    const quiet = await request.get(`${OUTBOX_BASE_URL}/healthz`);
    expect(await quiet.json()).toMatchObject({ status: "ok" });
  });

  for (const width of [375, 768, 1280]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 800 });
      for (const { path } of PAGES_WITH_HEADINGS.filter((p) => !hasJs(info) || SCRIPTED_PAGES.includes(p.id))) {
        await page.goto(path);
        // Every part drawn first: a section too wide would not show in the width read at the top.
        await drawEverything(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
    });
  }
});
