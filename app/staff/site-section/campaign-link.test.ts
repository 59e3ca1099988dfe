import { describe, expect, it } from "vitest";
import { classifySource } from "~/utils/visit-classify";
import { campaignLink, cleanTag, TAG_CAPS } from "./campaign-link";

const ORIGIN = "https://example.hr";

describe("cleanTag", () => {
  it("lowercases, trims and turns spaces into hyphens", () => {
    expect(cleanTag("  Summer VIP  2027 ", 80)).toEqual({ value: "summer-vip-2027" });
    expect(cleanTag("Instagram", 40)).toEqual({ value: "instagram" });
    expect(cleanTag("Ljeto Čarter", 40)).toEqual({ value: "ljeto-čarter" });
  });
  it("refuses empty, too long and characters outside the set", () => {
    expect(cleanTag("   ", 40)).toEqual({ problem: "empty" });
    expect(cleanTag("a".repeat(41), 40)).toEqual({ problem: "too-long" });
    expect(cleanTag("a".repeat(40), 40)).toEqual({ value: "a".repeat(40) });
    for (const bad of ["<b>", "ljeto&more", "a/b", "a\u0000b", "a?b", "x#y", "tab\there"])
      expect(cleanTag(bad, 40)).toEqual({ problem: "characters" });
  });
});

describe("campaignLink", () => {
  it("builds the page's absolute link with the utm tags it was given", () => {
    const answer = campaignLink(ORIGIN, {
      page: "/hr/contact",
      source: "Instagram",
      medium: "",
      campaign: "Summer VIP",
    });
    expect(answer).toEqual({
      ok: true,
      url: "https://example.hr/hr/contact?utm_source=instagram&utm_campaign=summer-vip",
      tags: { source: "instagram", medium: "", campaign: "summer-vip" },
      channel: "instagram",
    });
    const all = campaignLink(ORIGIN, { page: "/", source: "newsletter", medium: "email", campaign: "may" });
    expect(all.ok && all.url).toBe("https://example.hr/?utm_source=newsletter&utm_medium=email&utm_campaign=may");
  });
  it("the counter reads back exactly the tags the link was built with, at the caps too", () => {
    const asked = {
      page: "/concierge-services",
      source: `Partner ${"x".repeat(TAG_CAPS.source - 8)}`,
      medium: "Story Ad",
      campaign: `Ljeto ${"č".repeat(TAG_CAPS.campaign - 6)}`,
    };
    const answer = campaignLink(ORIGIN, asked);
    if (!answer.ok) throw new Error(JSON.stringify(answer.problems));
    const url = new URL(answer.url);
    const counted = classifySource(url.pathname, url.searchParams, undefined, [url.host]);
    expect(counted).toEqual({
      channel: answer.tags.source,
      medium: "story-ad",
      campaign: answer.tags.campaign,
      landing: "/concierge-services",
    });
    expect(answer.tags.campaign).toHaveLength(TAG_CAPS.campaign);
    const alias = campaignLink(ORIGIN, { page: "/", source: "IG", medium: "", campaign: "" });
    expect(alias.ok && [alias.tags.source, alias.channel]).toEqual(["ig", "instagram"]);
  });

  it("needs a source and a known page, and says what is wrong with each field", () => {
    expect(campaignLink(ORIGIN, { page: "/", source: "", medium: "", campaign: "" })).toEqual({
      ok: false,
      problems: { source: "empty" },
    });
    expect(
      campaignLink(ORIGIN, {
        page: "https://evil.example/",
        source: "ok",
        medium: "a b<",
        campaign: "c".repeat(TAG_CAPS.campaign + 1),
      }),
    ).toEqual({ ok: false, problems: { page: "empty", medium: "characters", campaign: "too-long" } });
    expect(campaignLink(ORIGIN, { page: "//evil.example", source: "ok", medium: "", campaign: "" }).ok).toBe(false);
  });
});
