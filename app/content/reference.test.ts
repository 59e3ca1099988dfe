import { describe, expect, it } from "vitest";
import { newReference, normalizeReference } from "~/store/reference.server";
import { REFERENCE_IN_TEXT } from "./reference";

describe("references", () => {
  it("what the store makes is what the contact page finds in the toast's sentence, in both languages", () => {
    for (let i = 0; i < 200; i++) {
      const reference = newReference();
      expect(normalizeReference(reference)).toBe(reference);
      for (const sentence of [`Your reference: ${reference}. Quote it.`, `Vaša oznaka upita: ${reference}.`])
        expect(sentence.split(REFERENCE_IN_TEXT)[1]).toBe(reference);
    }
  });
  it("look-alikes and other shapes are not references", () => {
    expect("Ref O0I1-LUV0 and ABCD-EFG".split(REFERENCE_IN_TEXT)).toHaveLength(1);
  });
});
