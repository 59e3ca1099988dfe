import { describe, expect, it } from "vitest";
import { basePath, counterpartPath, localeOfPath, localizedPath } from "./locale";

describe("locale of a path", () => {
  it("is Croatian under /hr and English everywhere else", () => {
    expect(localeOfPath("/hr")).toBe("hr");
    expect(localeOfPath("/hr/")).toBe("hr");
    expect(localeOfPath("/hr/contact")).toBe("hr");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/contact")).toBe("en");
    // Only the whole first segment counts.
    expect(localeOfPath("/hrvatska")).toBe("en");
    expect(localeOfPath("/en/hr")).toBe("en");
  });

  it("maps paths between languages both ways", () => {
    expect(localizedPath("/", "hr")).toBe("/hr");
    expect(localizedPath("/contact", "hr")).toBe("/hr/contact");
    expect(localizedPath("/?city=hvar#cities", "hr")).toBe("/hr?city=hvar#cities");
    expect(localizedPath("/#gallery", "hr")).toBe("/hr#gallery");
    expect(localizedPath("/contact", "en")).toBe("/contact");
    expect(basePath("/hr")).toBe("/");
    expect(basePath("/hr/vip-nightclub-experience")).toBe("/vip-nightclub-experience");
    expect(basePath("/contact")).toBe("/contact");
    expect(counterpartPath("/hr/contact", "en")).toBe("/contact");
    expect(counterpartPath("/privacy", "hr")).toBe("/hr/privacy");
    expect(counterpartPath("/", "hr")).toBe("/hr");
  });
});
