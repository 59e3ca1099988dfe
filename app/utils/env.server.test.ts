import { describe, expect, it } from "vitest";
import { contactDetailsFrom, emailJsConfigFrom, parseEnv } from "./env.server";
import { DEFAULT_CONTACT } from "~/content/site";

describe("parseEnv", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(contactDetailsFrom(env)).toEqual(DEFAULT_CONTACT);
    expect(env.NODE_ENV).toBe("development");
  });

  it("reads the HTTP server's own variables", () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", SHUTDOWN_GRACE_MS: 10_000 });
    expect(
      parseEnv({ PORT: "8080", HOST: "127.0.0.1", SHUTDOWN_GRACE_MS: "2500", ROBOTS_NOINDEX: "yes" }),
    ).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      SHUTDOWN_GRACE_MS: 2500,
      ROBOTS_NOINDEX: true,
    });
  });

  it("reads RELAY_TIMEOUT_MS, DELIVERY_TIMEOUT_MS's earlier name, only where the new one is unset", () => {
    expect(parseEnv({}).DELIVERY_TIMEOUT_MS).toBe(5000);
    expect(parseEnv({ RELAY_TIMEOUT_MS: "1500" }).DELIVERY_TIMEOUT_MS).toBe(1500);
    expect(parseEnv({ RELAY_TIMEOUT_MS: "1500", DELIVERY_TIMEOUT_MS: "2500" }).DELIVERY_TIMEOUT_MS).toBe(2500);
    expect(() => parseEnv({ RELAY_TIMEOUT_MS: "12" })).toThrow(/RELAY_TIMEOUT_MS/);
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
      WHATSAPP_NUMBER: "+385911234567",
    });
    expect(contactDetailsFrom(env)).toEqual({
      email: "bookings@example.org",
      phone: "+385 91 234 5678",
      socialUrl: "https://www.instagram.com/example",
      socialLabel: "Instagram @example",
      whatsapp: "385911234567",
    });
  });

  it("offers WhatsApp only when a number is set", () => {
    expect(contactDetailsFrom(parseEnv({})).whatsapp).toBeUndefined();
    expect(contactDetailsFrom(parseEnv({ WHATSAPP_NUMBER: "" })).whatsapp).toBeUndefined();
  });

  it.each([
    ["CONTACT_EMAIL", "not-an-email"],
    ["CONTACT_PHONE", "call me maybe"],
    ["SOCIAL_URL", "javascript:alert(1)"],
    ["NODE_ENV", "staging"],
    ["SHUTDOWN_GRACE_MS", "abc"],
    ["SHUTDOWN_GRACE_MS", "-1"],
    ["PORT", "70000"],
    ["PORT", "http"],
    ["ROBOTS_NOINDEX", "perhaps"],
    ["WHATSAPP_NUMBER", "091 234 5678"],
    ["WHATSAPP_NUMBER", "+385 91 234 5678"],
    ["WHATSAPP_NUMBER", "+0123456789"],
    ["WHATSAPP_NUMBER", "+12345"],
  ])("refuses an invalid %s and names it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`Invalid environment configuration:[\\s\\S]*${name}`));
  });

  describe("EmailJS configuration", () => {
    const ALL = { EMAILJS_SERVICE_ID: "service_x", EMAILJS_TEMPLATE_ID: "template_x", EMAILJS_PUBLIC_KEY: "public_x" };

    it("none set: no e-mail channel", () => {
      expect(emailJsConfigFrom(parseEnv({}))).toBeUndefined();
      expect(parseEnv({}).OUTBOX_DIR).toBe("./data/outbox");
    });

    it("all set: EmailJS, with the default API URL and the optional private key", () => {
      expect(emailJsConfigFrom(parseEnv(ALL))).toEqual({
        apiUrl: "https://api.emailjs.com",
        serviceId: "service_x",
        templateId: "template_x",
        publicKey: "public_x",
        privateKey: undefined,
      });
      const withKey = emailJsConfigFrom(
        parseEnv({ ...ALL, EMAILJS_PRIVATE_KEY: "private_x", EMAILJS_API_URL: "http://127.0.0.1:9/" }),
      );
      expect(withKey).toMatchObject({ privateKey: "private_x", apiUrl: "http://127.0.0.1:9" });
    });

    it.each([
      [{ EMAILJS_SERVICE_ID: "s" }, /EMAILJS_TEMPLATE_ID, EMAILJS_PUBLIC_KEY/],
      [{ EMAILJS_SERVICE_ID: "s", EMAILJS_TEMPLATE_ID: "t" }, /set EMAILJS_PUBLIC_KEY too/],
      [{ EMAILJS_PUBLIC_KEY: "p" }, /set EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID too/],
      [{ EMAILJS_PRIVATE_KEY: "k" }, /EMAILJS_PRIVATE_KEY \(needs/],
    ])("partly set refuses to start and names what is missing: %o", (vars, message) => {
      expect(() => parseEnv(vars)).toThrow(message);
    });

    it("validates the other settings", () => {
      expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET \(at least 32 characters\)/);
      expect(() => parseEnv({ RATE_LIMIT_MAX: "lots" })).toThrow(/RATE_LIMIT_MAX/);
      expect(() => parseEnv({ TRUST_PROXY_HEADER: "X Forwarded" })).toThrow(/TRUST_PROXY_HEADER/);
      expect(() => parseEnv({ HONEYPOT: "maybe" })).toThrow(/HONEYPOT/);
      const env = parseEnv({
        RATE_LIMIT_MAX: "3",
        TRUST_PROXY_HEADER: "X-Forwarded-For",
        HONEYPOT: "false",
        MOCKS: "true",
      });
      expect(env).toMatchObject({
        RATE_LIMIT_MAX: 3,
        TRUST_PROXY_HEADER: "x-forwarded-for",
        HONEYPOT: false,
        MOCKS: true,
      });
    });
  });
});
