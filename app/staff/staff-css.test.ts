import { readFileSync } from "node:fs";
import postcss, { type AtRule, type Rule } from "postcss";
import { describe, expect, it } from "vitest";

// public/staff.css is written by hand: a brace lost in a merge once put every desk style after the
// audit log's phone-only query inside it (on a wide screen the badge read "Inbox44 wait for a reply").
const css = readFileSync(new URL("../../public/staff.css", import.meta.url), "utf8");

describe("the staff stylesheet", () => {
  it("parses: every block closed", () => {
    expect(() => postcss.parse(css)).not.toThrow();
  });

  it("keeps what must hold at every width outside media queries", () => {
    const root = postcss.parse(css);
    const atTop = new Set(root.nodes.filter((n): n is Rule => n.type === "rule").flatMap((r) => r.selectors));
    for (const selector of [".staff-visually-hidden", ".staff-nav a.staff-badge", ".staff-list > li", ".staff-flag"])
      expect(atTop, selector).toContain(selector);
    root.walkAtRules("media", (media: AtRule) => {
      expect(media.parent?.type, `${media.params} nested`).toBe("root");
    });
  });
});
