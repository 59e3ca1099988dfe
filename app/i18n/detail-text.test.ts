import { describe, expect, it } from "vitest";
import { DETAIL_FIELDS } from "~/content/enquiry-fields";
import { CONTACT } from "./contact";
import { detailText, givenDetails } from "./detail-text";

describe("detailText, by the field's kind", () => {
  it("shows a value of a list in that list's words, in each language", () => {
    expect(detailText("budget", "1000-3000", "en")).toBe("€1,000–3,000");
    expect(detailText("city", "belgrade", "hr")).toBe(CONTACT.hr.options.city.belgrade);
    expect(detailText("city", "atlantis", "en")).toBe("atlantis"); // a value this code does not know
  });

  it("has words for every value of every list field, in every language", () => {
    for (const f of DETAIL_FIELDS)
      if (f.check?.kind === "oneOf")
        for (const value of f.check.options)
          for (const locale of ["en", "hr"] as const)
            expect(detailText(f.key, value, locale), `${f.key}=${value} (${locale})`).not.toBe(value);
  });

  it("shows a day with its weekday, and anything else as stored", () => {
    expect(detailText("event_date", "2027-06-12", "en")).toBe("Sat, 12 Jun 2027");
    expect(detailText("event_date", "12.6.2027", "en")).toBe("12.6.2027");
    expect(detailText("guests", "40", "hr")).toBe("40");
    expect(detailText("event_time", "21:30", "en")).toBe("21:30");
  });

  it("lists the given details in the form's order under their labels", () => {
    expect(givenDetails({ city: "hvar", guests: "12", message: "x" }, "en")).toEqual([
      { key: "guests", label: "Guests", value: "12", text: "12" },
      { key: "city", label: "City", value: "hvar", text: "Hvar" },
    ]);
  });
});
