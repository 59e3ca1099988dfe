import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { classifySource, deviceOf, isPrefetch, referrerHost, tagValue } from "./visit-classify";

const source = (url: string, referrer?: string) => {
  const at = new URL(url, "https://example.hr");
  return classifySource(at.pathname, at.searchParams, referrer, ["example.hr"]);
};

describe("a visit's source", () => {
  it("names known referrers by their network, host only and www. dropped", () => {
    expect(source("/", "https://l.instagram.com/?u=https%3A%2F%2Fexample.hr")).toEqual({
      channel: "instagram",
      medium: "social",
      referrer: "l.instagram.com",
      landing: "/",
    });
    expect(source("/hr/contact", "https://www.google.hr/")).toEqual({
      channel: "google",
      medium: "organic",
      referrer: "google.hr",
      landing: "/hr/contact",
    });
    const channels = Object.fromEntries(
      [
        "https://lm.facebook.com/l.php?u=x",
        "https://m.facebook.com/",
        "https://www.google.co.uk/search?q=vip",
        "https://www.bing.com/search?q=x",
        "https://duckduckgo.com/",
        "https://www.tiktok.com/@a",
        "https://t.co/abc",
        "https://lnkd.in/xyz",
        "https://web.whatsapp.com/",
        "https://m.youtube.com/watch?v=1",
        "https://yandex.ru/",
      ].map((r) => [r, source("/", r).channel]),
    );
    expect(Object.values(channels)).toEqual([
      "facebook",
      "facebook",
      "google",
      "bing",
      "duckduckgo",
      "tiktok",
      "x",
      "linkedin",
      "whatsapp",
      "youtube",
      "yandex",
    ]);
  });

  it("keeps an unknown referrer's host as its channel, and its own host is no source", () => {
    expect(source("/", "https://blog.example.com/post?id=7")).toEqual({
      channel: "blog.example.com",
      medium: "referral",
      referrer: "blog.example.com",
      landing: "/",
    });
    expect(source("/contact", "https://www.example.hr/")).toEqual({ channel: "direct", landing: "/contact" });
    expect(source("/", "android-app://com.google.android.gm/")).toEqual({ channel: "direct", landing: "/" });
    expect(source("/", "not a url")).toEqual({ channel: "direct", landing: "/" });
    expect(source("/")).toEqual({ channel: "direct", landing: "/" });
    expect(source("/", "https://googlefake.com/").channel).toBe("googlefake.com");
  });

  it("takes utm_source first, with the channel's aliases, lowercased, trimmed and capped", () => {
    expect(source("/?utm_source=Instagram&utm_campaign=Summer%20VIP", "https://www.google.com/")).toEqual({
      channel: "instagram",
      medium: "social",
      campaign: "summer-vip",
      referrer: "google.com",
      landing: "/",
    });
    expect(source("/?utm_source=%20IG%20&utm_medium=Paid%20Social").channel).toBe("instagram");
    expect(source("/?utm_source=ig&utm_medium=Paid%20Social").medium).toBe("paid-social");
    expect(source("/?utm_source=newsletter&utm_medium=email").channel).toBe("newsletter");
    expect(source("/?utm_source=newsletter").medium).toBeUndefined();
    expect(source(`/?utm_campaign=${"a".repeat(300)}`).campaign).toHaveLength(100);
    expect(source("/?utm_campaign=ljeto-%C4%8Dakovec").campaign).toBe("ljeto-čakovec");
  });

  it("refuses a tag with markup or control characters rather than keep it", () => {
    expect(source("/?utm_source=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).toEqual({ channel: "direct", landing: "/" });
    expect(source("/?utm_campaign=a%0Ab").campaign).toBeUndefined();
    expect(source("/?utm_campaign=%22onmouseover%3D").campaign).toBeUndefined();
    expect(tagValue("   ", 10)).toBeUndefined();
    expect(tagValue("a\u0000b", 10)).toBeUndefined();
  });

  it("reduces a click id to its network and never keeps its value", () => {
    const gclid = source("/?gclid=Cj0KCQ-secret-click");
    expect(gclid).toEqual({ channel: "google-ads", medium: "cpc", landing: "/" });
    expect(JSON.stringify(gclid)).not.toContain("secret");
    expect(source("/?gbraid=1").channel).toBe("google-ads");
    expect(source("/?wbraid=1").channel).toBe("google-ads");
    expect(source("/?msclkid=1").channel).toBe("microsoft-ads");
    expect(source("/?ttclid=1").channel).toBe("tiktok-ads");
    expect(source("/?fbclid=1").channel).toBe("facebook");
    expect(source("/?fbclid=1", "https://l.instagram.com/").channel).toBe("instagram");
    expect(source("/?fbclid=1&utm_source=newsletter").channel).toBe("newsletter");
  });

  it("reads the referrer's host only", () => {
    expect(referrerHost("https://user:pw@WWW.Example.COM:8443/path?q=1#f", ["example.hr"])).toBe("example.com");
    expect(referrerHost("https://example.hr:3000/", ["localhost", "www.example.hr:3000"])).toBeUndefined();
    expect(referrerHost("javascript:alert(1)", [])).toBeUndefined();
  });
});

describe("what is not a visit", () => {
  it("tells bots and link previews by isbot's list", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "WhatsApp/2.23.20.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "curl/8.5.0",
      "kube-probe/1.29",
    ])
      expect(isbot(agent), agent).toBe(true);
    expect(isbot("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe(
      false,
    );
  });

  it("tells a prefetch or prerender by any of its headers", () => {
    expect(isPrefetch({ "sec-purpose": "prefetch;prerender" })).toBe(true);
    expect(isPrefetch({ purpose: "prefetch" })).toBe(true);
    expect(isPrefetch({ "x-purpose": "preview" })).toBe(true);
    expect(isPrefetch({ "x-moz": "prefetch" })).toBe(true);
    expect(isPrefetch({ accept: "text/html" })).toBe(false);
  });
});

describe("a device's class", () => {
  it("is a phone, a tablet or a desktop", () => {
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("phone");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36")).toBe("phone");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120 Safari/537.36")).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)")).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36")).toBe("desktop");
  });
});
