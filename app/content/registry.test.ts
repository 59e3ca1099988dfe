import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/content/enquiry-fields";
import { LOCALES } from "~/i18n/locale";
import { CONTACT } from "~/i18n/contact";
import { LAYOUT } from "~/i18n/layout";
import { SERVICE_TEXT } from "~/i18n/services";
import { ACTION_PAGES, PAGE_IDS, PAGE_MODULES, pageKind, pagePath, PAGES, SHARE_IMAGES } from "./pages";
import { SERVICES } from "./services";
import { testContext } from "../../tests/support/wiring";

// What the compiler's `satisfies Record<…>` cannot see: files on disk, the server's answers, the pipeline's output.

describe("every page of the registry", () => {
  it("has its route module on disk, and every page module is a kind of page", () => {
    for (const file of Object.values(PAGE_MODULES)) expect(existsSync(path.join("app", file)), file).toBe(true);
  });

  it("has one address per language, distinct, built by pagePath", () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGE_IDS.length * LOCALES.length);
    for (const page of PAGES) expect(page.path).toBe(pagePath(page.id, page.locale));
  });

  it("is in the sitemap in every language", async () => {
    const { loader } = await import("~/routes/sitemap[.]xml");
    const request = new Request("http://localhost/sitemap.xml");
    const xml = await loader({ request, params: {}, context: testContext() }).text();
    // Compared as paths: as text, "/" would match the end of every entry.
    const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(listed.sort()).toEqual(PAGES.map((page) => page.path).sort());
  });

  it("has its share image, made by the image pipeline (npm run images)", () => {
    for (const id of PAGE_IDS) {
      expect(existsSync(path.join("public", "og", `${id}.jpg`)), `public/og/${id}.jpg`).toBe(true);
      // The words drawn on it are words a person reads, not left empty.
      for (const words of Object.values(SHARE_IMAGES[id])) expect(words.trim(), id).not.toBe("");
    }
  });

  it("takes a POST only where it has an action (the contact form)", () => {
    const ACTION = /export (async )?function action\b|export const action\b/;
    for (const id of ACTION_PAGES)
      expect(readFileSync(path.join("app", PAGE_MODULES[pageKind(id)]), "utf8")).toMatch(ACTION);
    for (const [kind, file] of Object.entries(PAGE_MODULES)) {
      const hasAction = ACTION.test(readFileSync(path.join("app", file), "utf8"));
      expect(hasAction, kind).toBe(PAGE_IDS.some((id) => pageKind(id) === kind && ACTION_PAGES.includes(id)));
    }
  });
});

describe("every service of the registry", () => {
  it("is a category of the contact form, named in every language", () => {
    expect(CATEGORIES[0]).toBe("other");
    expect(CATEGORIES.slice(1)).toEqual(SERVICES.map((s) => s.category));
    for (const locale of LOCALES)
      for (const category of CATEGORIES) expect(CONTACT[locale].categories[category]).toBeTruthy();
  });

  it("has its texts, its gallery's originals and their alt texts in every language", () => {
    for (const service of SERVICES) {
      const originals = readdirSync(path.join("assets", "gallery", service.gallery)).filter(
        (f) => !f.endsWith(".json"),
      );
      expect(originals, service.slug).toHaveLength(service.photos);
      for (const locale of LOCALES) {
        expect(LAYOUT[locale].services[service.slug]).toBeTruthy();
        expect(SERVICE_TEXT[locale].pages[service.slug]).toBeTruthy();
        const alt = locale === "en" ? "alt.json" : `alt.${locale}.json`;
        const texts = JSON.parse(readFileSync(path.join("assets", "gallery", service.gallery, alt), "utf8")) as Record<
          string,
          string
        >;
        expect(Object.keys(texts), `${service.gallery}/${alt}`).toHaveLength(service.photos);
      }
    }
  });
});
