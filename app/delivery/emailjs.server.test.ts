import { http, HttpResponse } from "msw";
import { recordedSends } from "../../mocks/emailjs";
import { createEmailJsSend } from "./emailjs.server";
import { CONFIG, enquiry, deliveryTestbed } from "../../tests/support/delivery-testbed";
import { describe, expect, it } from "vitest";

const bed = deliveryTestbed();

describe("EmailJS call", () => {
  it("posts the exact multipart fields to the send-form endpoint", async () => {
    const result = await createEmailJsSend(CONFIG, { timeoutMs: 2000 })(enquiry());
    expect(result).toEqual({ ok: true, status: 200 });
    expect(recordedSends).toHaveLength(1);
    expect(recordedSends[0]!.url).toBe("https://api.emailjs.test/api/v1.0/email/send-form");
    expect(recordedSends[0]!.fields).toEqual({
      reference: "",
      name: "Ana Horvat",
      email: "ana@example.com",
      number: "+385 91 234 5678",
      category: "VIP Nightclub experience",
      message: "A table for six on Saturday, please.",
      language: "en",
      lib_version: "3.2.0",
      service_id: "service_unit",
      template_id: "template_unit",
      user_id: "public_unit",
    });
  });

  it("passes on the language the enquiry was written in", async () => {
    await createEmailJsSend(CONFIG, { timeoutMs: 2000 })({ ...enquiry(), language: "hr" });
    expect(recordedSends[0]!.fields.language).toBe("hr");
    // What the visitor chose stays the English category: the operator's language.
    expect(recordedSends[0]!.fields.category).toBe("VIP Nightclub experience");
  });

  it("sends the enquiry's source as one short line, and no variable when it is not known", async () => {
    const source = { channel: "google", medium: "organic", referrer: "google.hr", landing: "/hr" };
    await createEmailJsSend(CONFIG, { timeoutMs: 2000 })({ ...enquiry(), source });
    await createEmailJsSend(CONFIG, { timeoutMs: 2000 })({ ...enquiry(), source: { ...source, campaign: "ljeto" } });
    await createEmailJsSend(CONFIG, { timeoutMs: 2000 })(enquiry());
    expect(recordedSends.map((s) => s.fields.source)).toEqual(["from Google", "from Google · ljeto", undefined]);
  });

  it("sends the private key as accessToken when configured", async () => {
    await createEmailJsSend({ ...CONFIG, privateKey: "private_unit" }, { timeoutMs: 2000 })(enquiry());
    expect(recordedSends[0]!.fields.accessToken).toBe("private_unit");
  });

  it("counts the text OK as success even without status 200", async () => {
    bed.server.use(http.post("*/api/v1.0/email/send-form", () => new HttpResponse("OK", { status: 202 })));
    expect(await createEmailJsSend(CONFIG, { timeoutMs: 2000 })(enquiry())).toEqual({ ok: true, status: 202 });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const result = await createEmailJsSend(CONFIG, { timeoutMs: 300 })(enquiry("[mock:timeout]"));
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
