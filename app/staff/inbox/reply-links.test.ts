import { describe, expect, it } from "vitest";
import { replyLinks } from "./reply-links";

const links = (email: string, phone: string) => replyLinks({ email, phone }, { subject: "Your enquiry K7QX-M4TP" });

describe("reply links", () => {
  it("e-mail with the reference in the subject, a call, WhatsApp to the visitor's international number", () => {
    expect(links("ana@example.com", "+385 91 234 5678")).toEqual({
      mailto: "mailto:ana@example.com?subject=Your%20enquiry%20K7QX-M4TP",
      tel: "tel:+385912345678",
      whatsapp: "https://wa.me/385912345678",
    });
    expect(links("ana@example.com", "0038591234567").whatsapp).toBe("https://wa.me/38591234567");
    expect(links("ana@example.com", "091 234 5678").whatsapp).toBeUndefined();
  });

  it.each([
    "javascript:alert(1)//@x.com",
    "a@b.com?cc=victim@x.com",
    'x"@y.com',
    "<ana@example.com>",
    "ana@example.com\r\nBcc: x@y.com",
    "ana @example.com",
  ])("no mailto for %j", (email) => {
    expect(links(email, "+385 91").mailto).toBeUndefined();
  });

  it("no tel: for a phone that is not one", () => {
    expect(links("a@b.co", "call me").tel).toBeUndefined();
    expect(links("a@b.co", "javascript:1").tel).toBeUndefined();
  });
});
