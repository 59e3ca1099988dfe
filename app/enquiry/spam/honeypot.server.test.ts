import { describe, expect, it } from "vitest";
import { honeypotState } from "./honeypot.server";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe("the honeypot rule", () => {
  it("passes the field sent empty, catches it filled in or left out", () => {
    expect(honeypotState(form({ website: "" }))).toBe("empty");
    expect(honeypotState(form({ website: "http://spam.example" }))).toBe("filled");
    expect(honeypotState(form({ name: "x" }))).toBe("missing");
  });
});
