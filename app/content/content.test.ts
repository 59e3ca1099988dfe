import { describe, expect, it } from "vitest";
import { CITIES, cityById } from "./cities";
import { HOME_GALLERY_INITIAL, HOME_GALLERY_MORE } from "./galleries";
import { galleryIn } from "./galleries.server";
import { SERVICES } from "./services";
import { telHref, whatsappHref } from "./site";
import { HOME } from "~/i18n/home";
import { LOCALES } from "~/i18n/locale";
import { SERVICE_TEXT } from "~/i18n/services";
import { readHomeState, homeHref } from "~/utils/home-query";

describe("content", () => {
  it("lists the eight cities in the spec's order and grouping, named in each language", () => {
    expect(CITIES.map((c) => HOME.en.cities[c.id])).toEqual([
      "Split",
      "Dubrovnik",
      "Zrće",
      "Hvar",
      "Makarska",
      "Zagreb",
      "Budva",
      "Belgrade",
    ]);
    expect(CITIES.map((c) => c.group)).toEqual([
      "coast",
      "coast",
      "coast",
      "coast",
      "more",
      "more",
      "abroad",
      "abroad",
    ]);
    expect(HOME.en.countries).toEqual({ budva: "MONTENEGRO", belgrade: "SERBIA" });
    expect(HOME.hr.cities.belgrade).toBe("Beograd");
    expect(HOME.hr.countries).toEqual({ budva: "CRNA GORA", belgrade: "SRBIJA" });
  });

  it("falls back to Split for an unknown city", () => {
    expect(cityById("nowhere").id).toBe("split");
    expect(cityById(null).id).toBe("split");
  });

  it("has galleries of the spec's sizes, each image described in every language", () => {
    for (const locale of LOCALES) {
      expect(galleryIn("home", locale)).toHaveLength(HOME_GALLERY_INITIAL + HOME_GALLERY_MORE);
      for (const s of SERVICES) expect(galleryIn(s.gallery, locale), s.slug).toHaveLength(s.photos);
      expect(Object.fromEntries(SERVICES.map((s) => [s.slug, s.photos]))).toEqual({
        "vip-nightclub-experience": 18,
        "event-organization": 12,
        "concierge-services": 10,
      });
      for (const id of ["home", "vip", "events", "concierge"] as const) {
        for (const image of galleryIn(id, locale)) {
          expect(image.alt.length).toBeGreaterThan(10);
          expect(image.width).toBeGreaterThan(0);
          expect(image.height).toBeGreaterThan(0);
        }
      }
    }
    const en = galleryIn("vip", "en").map((i) => i.alt);
    galleryIn("vip", "hr").forEach((image, i) => expect(image.alt).not.toBe(en[i]));
  });

  it("keeps meta descriptions within what search engines show", () => {
    for (const locale of LOCALES)
      for (const s of SERVICES)
        expect(SERVICE_TEXT[locale].pages[s.slug].metaDescription.length).toBeLessThanOrEqual(160);
  });

  it("builds tel: and WhatsApp links", () => {
    expect(telHref("+385 (21) 000-000")).toBe("tel:+38521000000");
    expect(whatsappHref("385911234567", "Bok! Želim stol & bocu?")).toBe(
      "https://wa.me/385911234567?text=Bok!%20%C5%BDelim%20stol%20%26%20bocu%3F",
    );
  });
});

describe("home query", () => {
  it("reads the city and gallery state, ignoring junk", () => {
    expect(readHomeState(new URLSearchParams("city=hvar&gallery=all"))).toEqual({
      cityId: "hvar",
      galleryExpanded: true,
    });
    expect(readHomeState(new URLSearchParams("city=<script>&gallery=yes"))).toEqual({
      cityId: "split",
      galleryExpanded: false,
    });
  });

  it("builds links that keep the other state and leave defaults out, in the page's language", () => {
    expect(homeHref({ cityId: "split", galleryExpanded: false }, "cities", "en")).toBe("/#cities");
    expect(homeHref({ cityId: "zrce", galleryExpanded: true }, "gallery", "en")).toBe(
      "/?city=zrce&gallery=all#gallery",
    );
    expect(homeHref({ cityId: "zrce", galleryExpanded: false }, "cities", "hr")).toBe("/hr?city=zrce#cities");
  });
});
