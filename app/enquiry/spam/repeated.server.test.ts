import { describe, expect, it } from "vitest";
import { repeatedText, TYPED_ONCE_CHARS } from "./repeated.server";

const ana = { email: "ana@example.com", phone: "+385 91 234 5678" };
const person = (i: number) => ({ email: `guest${i}@example.com`, phone: `+385 98 100 ${String(i).padStart(4, "0")}` });

describe("the repeated-text rule", () => {
  it("catches the same text from one sender from the count-th enquiry on, case and spacing aside", () => {
    let now = 0;
    const seen = repeatedText({ count: 3, windowMs: 60_000, now: () => now });
    expect(seen("Buy cheap followers now", ana)).toBe(false);
    expect(seen("buy  cheap followers NOW", ana)).toBe(false);
    expect(seen("Buy cheap followers now!", ana)).toBe(true);
    now = 1_000;
    expect(seen("Buy cheap followers now", ana)).toBe(true);
    expect(seen("A different message", ana)).toBe(false);
  });

  it("knows a sender by the e-mail address (any case) or by the phone's digits, either alone", () => {
    const byEmail = repeatedText({ count: 3, windowMs: 60_000 });
    expect(byEmail("Price?", { email: "Bot@Example.com", phone: "+385 1 111 111" })).toBe(false);
    expect(byEmail("Price?", { email: "bot@example.com", phone: "+385 1 222 222" })).toBe(false);
    expect(byEmail("Price?", { email: " BOT@example.COM", phone: "+385 1 333 333" })).toBe(true);
    const byPhone = repeatedText({ count: 3, windowMs: 60_000 });
    expect(byPhone("Price?", { email: "a@example.com", phone: "+385 91 234 5678" })).toBe(false);
    expect(byPhone("Price?", { email: "b@example.com", phone: "385-91-234-5678" })).toBe(false);
    expect(byPhone("Price?", { email: "c@example.com", phone: "(385) 912 345 678" })).toBe(true);
  });

  it("never catches different people asking the same short question", () => {
    const seen = repeatedText({ count: 5, windowMs: 3_600_000 });
    for (const question of ["VIP table tonight?", "Info", "Price?", "Available Saturday?"])
      for (let i = 0; i < 50; i++) expect(seen(question, person(i)), `${question} #${i}`).toBe(false);
  });

  it("catches a long text or one with a link from anyone: copied, not typed", () => {
    const long = "We are an agency offering the best SEO services for your business. ".repeat(2);
    expect(long.replace(/[^\p{L}\p{N}]/gu, "").length).toBeGreaterThanOrEqual(TYPED_ONCE_CHARS);
    const linked = "Cheap tickets at example.com https://spam.example/x";
    for (const text of [long, linked]) {
      const seen = repeatedText({ count: 3, windowMs: 60_000 });
      expect(seen(text, person(1))).toBe(false);
      expect(seen(text, person(2))).toBe(false);
      expect(seen(text, person(3))).toBe(true);
    }
    const short = "a".repeat(TYPED_ONCE_CHARS - 1);
    const seen = repeatedText({ count: 3, windowMs: 60_000 });
    for (let i = 0; i < 10; i++) expect(seen(short, person(i))).toBe(false);
  });

  it("forgets what is older than the window", () => {
    let now = 0;
    const seen = repeatedText({ count: 2, windowMs: 60_000, now: () => now });
    expect(seen("hello", ana)).toBe(false);
    now = 60_001;
    expect(seen("hello", ana)).toBe(false);
    now = 60_002;
    expect(seen("hello", ana)).toBe(true);
  });

  it("is off at count 0", () => {
    const seen = repeatedText({ count: 0, windowMs: 60_000 });
    for (let i = 0; i < 10; i++) expect(seen("same https://x.example", ana)).toBe(false);
  });
});
