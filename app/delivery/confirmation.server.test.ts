import { describe, expect, it, vi } from "vitest";
import type { Enquiry } from "~/store/record.server";
import type { Delivery } from "~/store/store.server";
import { registry } from "~/utils/metrics.server";
import { recordedSends } from "../../mocks/emailjs";
import { CONFIG, deliveryTestbed, enquiry, sqliteStore } from "../../tests/support/delivery-testbed";
import { confirmationChannel, confirmationVariables, inertName } from "./confirmation.server";
import { emailJsChannel } from "./emailjs.server";

const bed = deliveryTestbed();
const CONFIRMING = { ...CONFIG, confirmationTemplateId: "template_confirm" };
const CONTACT = { email: "team@adriatic-vip.example", phone: "+385 21 000 000", socialUrl: "", socialLabel: "" };
const RULE = { perAddressDay: 3, perDay: 100 };

const confirmationOf = (stored: Enquiry): Delivery => ({
  id: "x",
  receivedAt: new Date().toISOString(),
  attempts: [],
  reference: "AB12-CD34",
  enquiry: stored,
  state: "pending",
  channel: "confirmation",
});

const confirmingStore = (rule = RULE) => sqliteStore(bed.file, { channels: ["email"], confirmation: rule });

/** The migrated tables, for rows the test reads by hand. */
async function tablesOf(store: ReturnType<typeof confirmingStore>) {
  await store.prepare();
  return store.sql;
}

async function confirmationStates(store: ReturnType<typeof confirmingStore>) {
  const sql = await tablesOf(store);
  return sql.all<{ confirmation: string | null; rows: number }>(
    `SELECT e.confirmation, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id AND d.channel = 'confirmation') AS rows
       FROM enquiries e ORDER BY e.received_at`,
  );
}

const skippedMetric = async (limit: string) =>
  (await registry.getSingleMetric("enquiry_confirmations_skipped_total")!.get()).values.find(
    (v) => v.labels.limit === limit,
  )?.value ?? 0;

describe("the visitor's confirmation", () => {
  it("is one send at EmailJS, the visitor's address, the reference, their language; paced with the team's e-mail", async () => {
    const store = confirmingStore();
    const stored = await store.store({ ...enquiry("Stol za šest, molim."), language: "hr" });
    bed.start({
      store,
      channels: [
        emailJsChannel(CONFIG, { timeoutMs: 300, intervalMs: 150 }),
        confirmationChannel(CONFIRMING, CONTACT, { timeoutMs: 300, intervalMs: 150 }),
      ],
    });
    await vi.waitFor(async () => expect((await store.counts()).delivered).toBe(2), { timeout: 3000 });
    await store.close();
    const confirmations = recordedSends.filter((s) => s.fields.template_id === "template_confirm");
    expect(confirmations).toHaveLength(1);
    const fields = confirmations[0]!.fields;
    expect(fields).toMatchObject({
      to_email: "ana@example.com",
      to_name: "Ana Horvat",
      reply_to: "team@adriatic-vip.example",
      reference: stored.reference,
      language: "hr",
      service_id: CONFIG.serviceId,
    });
    expect(fields.subject).toBe(`Primili smo vaš upit — broj ${stored.reference}`);
    expect(fields.reply_time).toBe("Obično odgovaramo unutar jednog dana.");
    expect(fields.category).toContain("VIP");
    expect(fields.whatsapp).toBe("");
    // The visitor's free text is never echoed back.
    expect(Object.values(fields).join("\n")).not.toContain("Stol za šest");
    const [first, second] = recordedSends;
    expect(recordedSends).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(145);
  });

  it("names WhatsApp where configured, and writes English for an English page", () => {
    const v = confirmationVariables(confirmationOf(enquiry()), { ...CONTACT, whatsapp: "385911234567" });
    expect(v.subject).toBe("We have your enquiry — reference AB12-CD34");
    expect(v.greeting).toBe("Dear Ana Horvat,");
    expect(v.whatsapp).toBe("WhatsApp: +385911234567");
    expect(v.reply_time).toBe("We usually reply within one day.");
    expect(v.details).toBe("");
  });

  it("repeats the booking details given, as the visitor reads them in their language", () => {
    const given = {
      event_date: "2027-06-12",
      event_time: "22:00",
      guests: "12",
      budget: "3000-10000",
      city: "belgrade",
    };
    const hr = confirmationVariables(confirmationOf({ ...enquiry(), ...given, language: "hr" }), CONTACT);
    expect(hr.details).toMatch(
      /^Pojedinosti koje ste naveli: Datum: .*2027.* · Sat: 22:00 · Gosti: 12 · Budžet: 3\.000–10\.000 € · Grad: Beograd\.$/,
    );
    const en = confirmationVariables(confirmationOf({ ...enquiry(), ...given, language: "en" }), CONTACT);
    expect(en.details).toBe(
      "The details you gave: Date: Sat, 12 Jun 2027 · Time: 22:00 · Guests: 12 · Budget: €3,000–10,000 · City: Belgrade.",
    );
  });

  it.each([
    ['<a href="http://evil.example/x">Win a prize</a>', "Win a prize"],
    ["http://x.y", ""],
    ["Claim at www.evil.example now", "Claim at now"],
    ["visit evil.com today", "visit today"],
    ["mail victim@example.com", "mail"],
    ["<script>alert(1)</script>Ana", "alert1 Ana"],
    ["Ana &lt;b&gt;Horvat", "Ana b Horvat"],
    ["Đurđa O'Neil-Kovač", "Đurđa O'Neil-Kovač"],
    ["Ana Horvat", "Ana Horvat"],
  ])("a name such as %j arrives inert: %j", (name, inert) => {
    expect(inertName(name)).toBe(inert);
  });

  it("greets without a name when nothing of it is left", () => {
    const v = confirmationVariables(confirmationOf({ ...enquiry(), name: "https://evil.example" }), CONTACT);
    expect(v.to_name).toBe("");
    expect(v.greeting).toBe("Hello,");
    expect(Object.values(v).join("\n")).not.toContain("evil");
  });

  it("20 enquiries naming one address: one confirmation; the others not sent, counted, logged and shown in the inbox", async () => {
    const store = confirmingStore();
    const before = await skippedMetric("address_hour");
    const victims = ["victim@example.com", "Victim@Example.com", " VICTIM@example.com"];
    const stored = [];
    for (let n = 0; n < 20; n++) stored.push(await store.store({ ...enquiry(`spam ${n}`), email: victims[n % 3]! }));
    const states = await confirmationStates(store);
    expect(states.filter((s) => s.rows === 1)).toHaveLength(1);
    expect(states[0]).toEqual({ confirmation: "queued", rows: 1 });
    expect(states.slice(1).every((s) => s.confirmation === "limit" && Number(s.rows) === 0)).toBe(true);
    expect((await skippedMetric("address_hour")) - before).toBe(19);
    expect(bed.events("confirmation.skipped")).toHaveLength(19);
    expect(bed.logs.join("\n")).not.toContain("victim@");
    expect((await store.inbox.enquiry(stored[0]!.id))!.deliveries).toEqual([
      { channel: "confirmation", state: "pending" },
      { channel: "email", state: "pending" },
    ]);
    expect((await store.inbox.enquiry(stored[5]!.id))!.deliveries).toEqual([
      { channel: "email", state: "pending" },
      { channel: "confirmation", state: "not-sent" },
    ]);
    await store.close();
  });

  it("is not made when confirmations are off: the enquiry's rows are as before", async () => {
    const store = sqliteStore(bed.file, { channels: ["email"] });
    await store.store(enquiry());
    expect(await confirmationStates(store)).toEqual([{ confirmation: null, rows: 0 }]);
    await store.close();
  });
});
