import { describe, expect, it } from "vitest";
import { checkReply, REPLY_MAX } from "./reply-form";

describe("a reply written on the enquiry's page", () => {
  it("takes plain text, trimmed, its line breaks kept", () => {
    expect(checkReply("  Dear Ana,\r\nyes, Saturday works: 3 < 4 & 5 > 2.\n")).toEqual({
      ok: true,
      body: "Dear Ana,\nyes, Saturday works: 3 < 4 & 5 > 2.",
    });
  });

  it("refuses an empty, oversized or marked-up reply by name", () => {
    expect(checkReply(" \n\t ")).toEqual({ ok: false, problem: "empty" });
    expect(checkReply("a".repeat(REPLY_MAX + 1))).toEqual({ ok: false, problem: "long" });
    expect(checkReply("a".repeat(REPLY_MAX))).toMatchObject({ ok: true });
    for (const markup of ["<b>hi</b>", "Hi <a href=x>", "<!-- x -->", "&lt;script&gt;", "&#60;", "</p>"])
      expect(checkReply(markup), markup).toEqual({ ok: false, problem: "markup" });
  });
});
