import { describe, expect, it } from "vitest";
import { notModified } from "./conditional";

const ETAG = '"Abc_123-xyz"';

describe("If-None-Match on a cached page (RFC 9110 §13.1.2, weak comparison)", () => {
  it.each([
    ["the strong tag", ETAG],
    ["the weak tag", `W/${ETAG}`],
    ["a list with it last, spaces", `"x", W/"y", ${ETAG}`],
    ["a list with it first, no spaces", `${ETAG},"x"`],
    ["a list with it weak among others", `"x",W/${ETAG}, "z"`],
    ["*", "*"],
    ["* with spaces", "  *  "],
    ["junk entries beside it", `garbage, ${ETAG}, "unterminated`],
    ["several headers", ['"x"', ETAG]],
  ])("304 for %s", (_, header) => {
    expect(notModified(header, ETAG)).toBe(true);
  });

  it.each([
    ["no header", undefined],
    ["a stale tag", '"old"'],
    ["a stale weak tag", 'W/"old"'],
    ["a list of stale tags", '"a", "b", W/"c"'],
    ["the tag unquoted", "Abc_123-xyz"],
    ["a lower-case w/", `w/${ETAG}`],
    ["W/ without quotes", "W/Abc_123-xyz"],
    ["an unterminated quote", '"Abc_123-xyz'],
    ["empty", ""],
    ["only commas", ",,,"],
    ["* inside a list", `*, "x"`],
    ["the tag inside a longer one", '"xAbc_123-xyzx"'],
    ["a field longer than any cache sends", `${'"x", '.repeat(3000)}${ETAG}`],
  ])("200 for %s", (_, header) => {
    expect(notModified(header, ETAG)).toBe(false);
  });

  it("a tag with a comma inside its quotes is one entry", () => {
    expect(notModified('"a,b"', '"a,b"')).toBe(true);
    expect(notModified('"a,b"', '"a"')).toBe(false);
  });
});
