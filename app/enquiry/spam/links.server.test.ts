import { describe, expect, it } from "vitest";
import { mostlyLinks } from "./links.server";

describe("the mostly-links rule", () => {
  it("catches a message that is links, or little else", () => {
    expect(mostlyLinks("https://cheap.example/pills https://cheap.example/more", 50)).toBe(true);
    expect(mostlyLinks("Best offer http://seo.example/boost-your-ranking-now-today", 50)).toBe(true);
    expect(mostlyLinks('<a href="x">buy</a> [url=http://x.example]x[/url]', 50)).toBe(true);
  });

  it("passes a message with a link in a sentence, or none", () => {
    expect(
      mostlyLinks(
        "We are twelve people and would like a boat on 14 July, something like https://example.com/boat, with dinner.",
        50,
      ),
    ).toBe(false);
    expect(mostlyLinks("A birthday on a boat for twenty people in July.", 50)).toBe(false);
    expect(mostlyLinks("", 50)).toBe(false);
  });

  it("follows the setting", () => {
    const message = "See www.example.com/villa please";
    expect(mostlyLinks(message, 90)).toBe(false);
    expect(mostlyLinks(message, 50)).toBe(true);
  });
});
