import { describe, expect, it } from "vitest";
import { FORM_TIME_FIELD, FORM_TIME_PLACEHOLDER } from "~/content/enquiry-fields";
import { formTimeToken, stampFormTime } from "~/utils/form-time.server";
import { tooFast } from "./too-fast.server";

const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const form = (token?: string) => {
  const f = new FormData();
  if (token !== undefined) f.append(FORM_TIME_FIELD, token);
  return f;
};

describe("the too-fast rule", () => {
  it("catches a form sent sooner than the setting after its page was served", () => {
    expect(tooFast(form(formTimeToken(NOW - 1_000)), 3, NOW)).toBe(true);
    expect(tooFast(form(formTimeToken(NOW - 2_999)), 3, NOW)).toBe(true);
  });

  it("passes one a person took their time over, and every time when the setting is 0", () => {
    expect(tooFast(form(formTimeToken(NOW - 3_000)), 3, NOW)).toBe(false);
    expect(tooFast(form(formTimeToken(NOW - 86_400_000)), 3, NOW)).toBe(false);
    expect(tooFast(form(formTimeToken(NOW)), 0, NOW)).toBe(false);
  });

  it("never holds a missing, unstamped, malformed, forged or future time against anyone", () => {
    const fresh = formTimeToken(NOW - 500);
    for (const token of [
      undefined,
      "",
      FORM_TIME_PLACEHOLDER,
      "garbage",
      `${fresh}x`,
      `${(NOW - 500).toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`,
      formTimeToken(NOW - 500, "another replica's secret 0123456789abcdef"),
      formTimeToken(NOW + 60_000),
    ])
      expect(tooFast(form(token), 3, NOW), String(token)).toBe(false);
  });

  it("a page's placeholder is stamped with a fresh signed time, every occurrence; other pages unchanged", () => {
    const html = `<form><input type="hidden" name="${FORM_TIME_FIELD}" value="${FORM_TIME_PLACEHOLDER}"/></form>`;
    const stamped = stampFormTime(html, NOW - 10_000);
    const token = /value="([^"]+)"/.exec(stamped)![1]!;
    expect(token).not.toBe(FORM_TIME_PLACEHOLDER);
    expect(tooFast(form(token), 3, NOW)).toBe(false);
    expect(tooFast(form(token), 30, NOW)).toBe(true);
    expect(stampFormTime("<p>no form</p>", NOW)).toBe("<p>no form</p>");
  });
});
