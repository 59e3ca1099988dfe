import { describe, expect, it } from "vitest";
import { repeatedText } from "./repeated.server";

describe("the repeated-text rule", () => {
  it("catches the same text from the count-th enquiry on, case and spacing aside", () => {
    let now = 0;
    const seen = repeatedText({ count: 3, windowMs: 60_000, now: () => now });
    expect(seen("Buy cheap followers now")).toBe(false);
    expect(seen("buy  cheap followers NOW")).toBe(false);
    expect(seen("Buy cheap followers now!")).toBe(true);
    now = 1_000;
    expect(seen("Buy cheap followers now")).toBe(true);
    expect(seen("A different message")).toBe(false);
  });

  it("forgets what is older than the window", () => {
    let now = 0;
    const seen = repeatedText({ count: 2, windowMs: 60_000, now: () => now });
    expect(seen("hello")).toBe(false);
    now = 60_001;
    expect(seen("hello")).toBe(false);
    now = 60_002;
    expect(seen("hello")).toBe(true);
  });

  it("is off at count 0", () => {
    const seen = repeatedText({ count: 0, windowMs: 60_000 });
    for (let i = 0; i < 10; i++) expect(seen("same")).toBe(false);
  });
});
