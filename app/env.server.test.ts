import { describe, expect, it } from "vitest";
import { contactDetailsFrom, parseEnv } from "./env.server";
import { DEFAULT_CONTACT } from "./content/site";

describe("parseEnv", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(contactDetailsFrom(env)).toEqual(DEFAULT_CONTACT);
    expect(env.NODE_ENV).toBe("development");
  });

  it("treats empty strings as unset", () => {
    expect(contactDetailsFrom(parseEnv({ CONTACT_EMAIL: "", SOCIAL_URL: "" }))).toEqual(DEFAULT_CONTACT);
  });

  it("takes the operator's contact details", () => {
    const env = parseEnv({
      CONTACT_EMAIL: "bookings@example.org",
      CONTACT_PHONE: "+385 91 234 5678",
      SOCIAL_URL: "https://www.instagram.com/example",
      SOCIAL_LABEL: "Instagram @example",
    });
    expect(contactDetailsFrom(env)).toEqual({
      email: "bookings@example.org",
      phone: "+385 91 234 5678",
      socialUrl: "https://www.instagram.com/example",
      socialLabel: "Instagram @example",
    });
  });

  it.each([
    ["CONTACT_EMAIL", "not-an-email"],
    ["CONTACT_PHONE", "call me maybe"],
    ["SOCIAL_URL", "javascript:alert(1)"],
    ["NODE_ENV", "staging"],
  ])("refuses an invalid %s and names it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`Invalid environment configuration:[\\s\\S]*${name}`));
  });
});
