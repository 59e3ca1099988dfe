import { describe, expect, it } from "vitest";
import { CITIES, cityById } from "./cities";
import { HOME_GALLERY_INITIAL, HOME_GALLERY_MORE } from "./galleries";
import { GALLERIES } from "./galleries.server";
import { SERVICES } from "./services";
import { telHref } from "./site";
import { readHomeState, homeHref } from "~/utils/home-query";

describe("content", () => {
  it("lists the eight cities in the spec's order and grouping", () => {
    expect(CITIES.map((c) => c.label)).toEqual([
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
    expect(cityById("budva").country).toBe("MONTENEGRO");
    expect(cityById("belgrade").country).toBe("SERBIA");
  });

  it("falls back to Split for an unknown city", () => {
    expect(cityById("nowhere").label).toBe("Split");
    expect(cityById(null).label).toBe("Split");
  });

  it("has galleries of the spec's sizes, each image described", () => {
    expect(GALLERIES.home).toHaveLength(HOME_GALLERY_INITIAL + HOME_GALLERY_MORE);
    const bySlug = Object.fromEntries(SERVICES.map((s) => [s.slug, GALLERIES[s.gallery].length]));
    expect(bySlug).toEqual({ "vip-nightclub-experience": 18, "event-organization": 12, "concierge-services": 10 });
    for (const image of Object.values(GALLERIES).flat()) {
      expect(image.alt.length).toBeGreaterThan(10);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });

  it("keeps meta descriptions within what search engines show", () => {
    for (const s of SERVICES) expect(s.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it("builds tel: links from a readable phone", () => {
    expect(telHref("+385 (21) 000-000")).toBe("tel:+38521000000");
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

  it("builds links that keep the other state and leave defaults out", () => {
    expect(homeHref({ cityId: "split", galleryExpanded: false }, "cities")).toBe("/#cities");
    expect(homeHref({ cityId: "zrce", galleryExpanded: true }, "gallery")).toBe("/?city=zrce&gallery=all#gallery");
  });
});
