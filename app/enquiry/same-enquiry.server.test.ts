import { describe, expect, it, vi } from "vitest";
import type { Enquiry } from "~/store/record.server";
import { SAME_ENQUIRY_MS, sameEnquiryOnce } from "./same-enquiry.server";

const ENQUIRY: Enquiry = {
  name: "Marko Marić",
  email: "marko@example.com",
  phone: "+385 91 234 5678",
  category: "Event organization",
  message: "A birthday on a boat for twenty people in July.",
  language: "en",
};

function counting() {
  let calls = 0;
  const store = vi.fn(async () => {
    calls += 1;
    await new Promise((r) => setTimeout(r, 5));
    return { ok: true as const, reference: `REF${calls}` };
  });
  return store;
}

describe("sameEnquiryOnce", () => {
  it("stores a double tap's two posts once: the second waits for the first and gets its reference", async () => {
    const once = sameEnquiryOnce();
    const store = counting();
    const [first, second] = await Promise.all([
      once("10.0.0.1", ENQUIRY, store),
      once("10.0.0.1", { ...ENQUIRY }, store),
    ]);
    expect(store).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ ok: true, reference: "REF1" });
    expect(second).toEqual(first);
  });

  it("answers the same enquiry sent again within minutes as the first, and stores it anew after", async () => {
    let now = 1_000_000;
    const once = sameEnquiryOnce(() => now);
    const store = counting();
    await once("10.0.0.1", ENQUIRY, store);
    now += SAME_ENQUIRY_MS - 1;
    expect(await once("10.0.0.1", { ...ENQUIRY, email: "Marko@Example.com" }, store)).toEqual({
      ok: true,
      reference: "REF1",
    });
    now += 1;
    expect(await once("10.0.0.1", ENQUIRY, store)).toEqual({ ok: true, reference: "REF2" });
  });

  it("keeps apart what differs: another client, another word, another language", async () => {
    const once = sameEnquiryOnce();
    const store = counting();
    await once("10.0.0.1", ENQUIRY, store);
    await once("10.0.0.2", ENQUIRY, store);
    await once("10.0.0.1", { ...ENQUIRY, message: `${ENQUIRY.message} Thanks!` }, store);
    await once("10.0.0.1", { ...ENQUIRY, language: "hr" }, store);
    expect(store).toHaveBeenCalledTimes(4);
  });

  it("forgets an enquiry that was not stored, so sending it again tries again", async () => {
    const once = sameEnquiryOnce();
    const failing = vi.fn(async () => ({ ok: false as const }));
    expect(await once("10.0.0.1", ENQUIRY, failing)).toEqual({ ok: false });
    const store = counting();
    expect(await once("10.0.0.1", ENQUIRY, store)).toEqual({ ok: true, reference: "REF1" });
    const throwing = sameEnquiryOnce();
    await expect(throwing("10.0.0.1", ENQUIRY, () => Promise.reject(new Error("disk")))).rejects.toThrow("disk");
    expect(await throwing("10.0.0.1", ENQUIRY, store)).toEqual({ ok: true, reference: "REF2" });
  });

  it("remembers a bounded number: a burst of others pushes the oldest out", async () => {
    const once = sameEnquiryOnce();
    const store = counting();
    await once("10.0.0.1", ENQUIRY, store);
    for (let i = 0; i < 2_000; i++)
      await once(`10.1.${i >> 8}.${i & 255}`, ENQUIRY, async () => ({ ok: true, reference: "X" }));
    await once("10.0.0.1", ENQUIRY, store);
    expect(store).toHaveBeenCalledTimes(2);
  });
});
