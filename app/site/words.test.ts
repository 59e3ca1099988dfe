import { describe, expect, it } from "vitest";
import { CITY_IDS } from "~/content/cities";
import { changedPages, publishProblems, readDocument } from "./document";
import { LIMITS, parseWords, wordsProblems } from "./words";
import { contactOf, contactSources, serviceWords } from "./words.server";

const service = (over: Record<string, string> = {}) => ({
  "title.en": "VIP nights",
  "title.hr": "VIP noći",
  "summary.en": "Tables.",
  "summary.hr": "Stolovi.",
  "metaDescription.en": "VIP access.",
  "metaDescription.hr": "VIP ulaz.",
  "intro.en": "First paragraph.\r\n\r\n\r\nSecond\tparagraph.",
  "intro.hr": "Prvi.",
  "offers.en": "Tables\n\nBottles\n",
  "offers.hr": "Stolovi\nBoce",
  "closing.en": "Call us.",
  "closing.hr": "Nazovite.",
  ...over,
});

describe("the owner's words, checked", () => {
  it("keeps paragraph breaks and reads a list one item a line", () => {
    const parsed = parseWords("service", service());
    expect(parsed.ok && parsed.value.intro.en).toBe("First paragraph.\n\nSecond paragraph.");
    expect(parsed.ok && parsed.value.offers.en).toEqual(["Tables", "Bottles"]);
  });

  it("refuses markup and scripts in every text field, naming each", () => {
    const bad = Object.fromEntries(Object.keys(service()).map((k) => [k, `<script>alert("${k}")</script>`]));
    const parsed = parseWords("service", bad);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.map((e) => e.field).sort()).toEqual(Object.keys(service()).sort());
    expect(!parsed.ok && new Set(parsed.errors.map((e) => e.code))).toEqual(new Set(["markup"]));
    const venues = Object.fromEntries(CITY_IDS.map((c) => [`venues.${c}`, "Club"]));
    const home = parseWords("home", {
      ...venues,
      "tagline.en": "<b>x</b>",
      "tagline.hr": "ok",
      "venues.hvar": "Club\n<img src=x onerror=alert(1)>",
    });
    expect(!home.ok && home.errors.map((e) => e.field)).toEqual(["tagline.en", "venues.hvar"]);
    const { "venues.zrce": _gone, ...partial } = venues;
    const missing = parseWords("home", { ...partial, "tagline.en": "a", "tagline.hr": "b" });
    expect(!missing.ok && missing.errors).toEqual([{ field: "venues.zrce", code: "invalid" }]);
  });

  it("accepts text that only looks odd (a < b & c), as text", () => {
    const parsed = parseWords("service", service({ "closing.en": `5 < 6 & "quotes" > 'apostrophes'` }));
    expect(parsed.ok && parsed.value.closing.en).toBe(`5 < 6 & "quotes" > 'apostrophes'`);
  });

  it("bounds a meta description as search results show it, and a title", () => {
    const long = parseWords("service", service({ "metaDescription.hr": "a".repeat(LIMITS.metaDescription + 1) }));
    expect(!long.ok && long.errors).toEqual([{ field: "metaDescription.hr", code: "tooLong", max: 160 }]);
    expect(parseWords("service", service({ "metaDescription.hr": "a".repeat(160) })).ok).toBe(true);
    const title = parseWords("service", service({ "title.en": "t".repeat(46) }));
    expect(!title.ok && title.errors[0]).toMatchObject({ field: "title.en", code: "tooLong" });
  });

  it("bounds a list's length", () => {
    const many = parseWords(
      "service",
      service({ "offers.en": Array.from({ length: 13 }, (_, i) => `o${i}`).join("\n") }),
    );
    expect(!many.ok && many.errors[0]).toMatchObject({ field: "offers.en", code: "tooMany" });
  });

  it("saved answers: one a line in each language, bounded in length and number, plain text", () => {
    const ok = parseWords("replies", { "answers.en": "Thank you!\n\nWe hold the table.", "answers.hr": "Hvala!" });
    expect(ok).toEqual({ ok: true, value: { answers: { en: ["Thank you!", "We hold the table."], hr: ["Hvala!"] } } });
    const refused = parseWords("replies", {
      "answers.en": "x".repeat(LIMITS.answer + 1),
      "answers.hr": Array.from({ length: LIMITS.answers + 1 }, (_, i) => `a${i}`).join("\n"),
    });
    expect(!refused.ok && refused.errors).toEqual([
      { field: "answers.en", code: "tooLong", max: LIMITS.answer },
      { field: "answers.hr", code: "tooMany", max: LIMITS.answers },
    ]);
    const markup = parseWords("replies", { "answers.en": "<b>Yes</b>", "answers.hr": "" });
    expect(!markup.ok && markup.errors[0]).toMatchObject({ field: "answers.en", code: "markup" });
    const gap = readDocument({ galleries: {}, words: { replies: { en: ["a", "b"], hr: ["a"] } } });
    expect(wordsProblems(gap.words)).toEqual([{ kind: "words", part: "replies", field: "answers", locale: "hr" }]);
  });

  it("takes a phone in international form only, an e-mail, an https: link", () => {
    const contact = (over: Record<string, string>) =>
      parseWords("contact", {
        "about.en": "A",
        "about.hr": "B",
        email: "",
        phone: "",
        whatsapp: "",
        socialUrl: "",
        socialLabel: "",
        ...over,
      });
    expect(contact({ phone: "+385 91 234 5678", email: "hi@example.com", socialUrl: "https://x.example/a" }).ok).toBe(
      true,
    );
    expect(contact({}).ok).toBe(true);
    const bad = contact({
      phone: "call me maybe",
      whatsapp: "091 234 567",
      email: "not an address",
      socialUrl: "javascript:alert(1)",
    });
    expect(!bad.ok && bad.errors.map((e) => [e.field, e.code])).toEqual([
      ["email", "email"],
      ["phone", "phone"],
      ["whatsapp", "phone"],
      ["socialUrl", "https"],
    ]);
    expect(!contact({ socialUrl: "http://x.example/" }).ok).toBe(true);
  });
});

describe("both languages or a clear gap", () => {
  it("names a text with English but no Croatian, and lists of unequal length", () => {
    const doc = readDocument({
      galleries: {},
      words: {
        tagline: { en: "Nights", hr: " " },
        services: {
          "concierge-services": {
            title: { en: "", hr: "Concierge" },
            summary: { en: "s", hr: "s" },
            metaDescription: { en: "m", hr: "m" },
            intro: { en: "i", hr: "i" },
            offers: { en: ["a", "b"], hr: ["a"] },
            closing: { en: "c", hr: "c" },
          },
        },
      },
    });
    expect(wordsProblems(doc.words)).toEqual([
      { kind: "words", part: "home", field: "tagline", locale: "hr" },
      { kind: "words", part: "concierge-services", field: "title", locale: "en" },
      { kind: "words", part: "concierge-services", field: "offers", locale: "hr" },
    ]);
    expect(publishProblems(doc, () => "ready")).toHaveLength(3);
  });

  it("a document whose words cannot be read keeps its photos and shows the shipped words", () => {
    const photo = "0b0c4a4e-1111-4222-8333-444455556666";
    const doc = readDocument({ galleries: { vip: [{ photo, alt: { en: "a", hr: "b" } }] }, words: { tagline: 5 } });
    expect(doc.galleries.vip).toHaveLength(1);
    expect(doc.words).toBeUndefined();
    expect(serviceWords(doc.words, "vip-nightclub-experience", "en").title).toBe("VIP Nightclub Experience");
  });
});

describe("where a value comes from", () => {
  const env = { email: "env@example.com", phone: "+385 1 111 1111", socialUrl: "https://a.example/", socialLabel: "A" };
  it("the owner's published detail, else the environment's, else what ships", () => {
    const words = { contact: { phone: "+385 91 000 0000", whatsapp: "+385 91 000 0001" } };
    expect(contactOf(words, env)).toEqual({ ...env, phone: "+385 91 000 0000", whatsapp: "385910000001" });
    expect(contactOf(undefined, env)).toEqual(env);
    expect(contactSources(words, env)).toMatchObject({ phone: "published", email: "environment" });
  });
});

describe("the pages a publish renews", () => {
  it("a service's intro: its page and the home page's card; contact details: every page", () => {
    const events = (intro: string) => ({
      title: { en: "Event Organization", hr: "Organizacija događanja" },
      summary: { en: "s", hr: "s" },
      metaDescription: { en: "m", hr: "m" },
      intro: { en: intro, hr: intro },
      offers: { en: ["a"], hr: ["a"] },
      closing: { en: "c", hr: "c" },
    });
    const a = readDocument({ words: { services: { "event-organization": events("old") } } });
    const intro = readDocument({ words: { services: { "event-organization": events("new") } } });
    expect(changedPages(a, intro)).toEqual(["home", "event-organization"]);
    expect(changedPages(a, readDocument({ words: { contact: { phone: "+385 91 000 0000" } } }))).toHaveLength(6);
  });
});
