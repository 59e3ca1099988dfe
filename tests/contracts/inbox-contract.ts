import { expect, it } from "vitest";
import { normalizeReference } from "~/store/reference.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import { exportStream } from "~/staff/inbox/export.server";
import { parseInboxFilter } from "~/store/inbox-filter.server";
import {
  addNote,
  decodeCursor,
  enquiriesOf,
  eraseEnquiry,
  eraseSpam,
  eraseQuarantined,
  everyEnquiry,
  getEnquiry,
  listEnquiries,
  countEnquiries,
  decodeUpcomingCursor,
  needsReply,
  otherEnquiries,
  recordReply,
  upcoming,
  releaseSpam,
  retryDelivery,
  quarantinedMentioning,
  setFollowUp,
  spamCount,
  waitingCount,
} from "~/store/inbox.server";

const enquiry = (n: number, overrides: Partial<Parameters<EnquiryStore["store"]>[0]> = {}) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: `+385 91 000 ${String(n).padStart(4, "0")}`,
  category: "Concierge services",
  message: `Message number ${n}`,
  language: "en" as const,
  ...overrides,
});

const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));
const text = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

/** The inbox's queries, the same on either database. */
export function inboxContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: a search finds names and words typed with or without their marks, either way round`, async () => {
    const store = await open();
    await store.store(enquiry(1, { name: "Đurđa Kovačević", message: "Večera u Šibeniku za dvanaest" }));
    await store.store(enquiry(2, { name: "Łukasz Ødegård", email: "lukasz@example.com" }));
    await store.store(enquiry(3, { name: "Durda Kovac" }));
    const names = async (q: string) =>
      (await listEnquiries(store.sql, filter(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.name).sort();
    const both = ["Durda Kovac", "Đurđa Kovačević"].sort();
    for (const q of ["durda", "Đurđa", "DURĐA", "kovac", "Kovač", "KOVAČ"]) expect(await names(q), q).toEqual(both);
    for (const q of ["kovacevic", "KOVAČEVIĆ", "Kovačevic"]) expect(await names(q), q).toEqual(["Đurđa Kovačević"]);
    expect(await names("sibeniku vecera")).toEqual(["Đurđa Kovačević"]);
    expect(await names("Šibenik")).toEqual(["Đurđa Kovačević"]);
    expect(await names("lukasz odegard")).toEqual(["Łukasz Ødegård"]);
    expect(await names("Ødegård")).toEqual(["Łukasz Ødegård"]);
    expect(await names("kovacz")).toEqual([]);
  });

  it(`${name}: the booking details are stored, read back, exported; a city's name finds its enquiries`, async () => {
    const store = await open();
    const details = { event_date: "2027-06-12", event_time: "22:00", guests: "12", budget: "3000-10000", city: "hvar" };
    const withDetails = await store.store(enquiry(1, { name: "Ana Hvarić", ...details }));
    await store.store(enquiry(2, { name: "Ivo Beli", city: "belgrade", message: "A table in Beograd" }));
    await store.store(enquiry(3, { name: "Mia Split", message: "Something on Hvar, maybe" }));
    await store.store(enquiry(4, { name: "Noa Zadar" }));
    expect(await getEnquiry(store.sql, withDetails.id)).toMatchObject(details);
    const names = async (q: string) =>
      (await listEnquiries(store.sql, filter(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.name).sort();
    // The city's detail or a mention of it; in either language, with or without its marks.
    expect(await names("Hvar")).toEqual(["Ana Hvarić", "Mia Split"]);
    expect(await names("Beograd")).toEqual(["Ivo Beli"]);
    expect(await names("belgrade")).toEqual(["Ivo Beli"]);
    expect(await names("hvar ana")).toEqual(["Ana Hvarić"]);
    expect(await names("zrce")).toEqual([]);
    const [row] = (await listEnquiries(store.sql, filter("q=Ana"))).rows;
    expect(row).toMatchObject(details);
    const jsonl = (await text(exportStream(everyEnquiry(store.sql, filter("q=Ana"), 10), "jsonl"))).trim();
    expect(JSON.parse(jsonl)).toMatchObject(details);
  });

  it(`${name}: each enquiry gets a reference (unique, readable over the phone), found by search however it is typed`, async () => {
    const store = await open();
    const records = [];
    for (let i = 0; i < 30; i++) records.push(await store.store(enquiry(i)));
    const references = records.map((r) => r.reference!);
    expect(new Set(references).size).toBe(30);
    for (const reference of references) expect(reference).toMatch(/^[A-HJKMNP-TW-Z2-9]{4}-[A-HJKMNP-TW-Z2-9]{4}$/);
    const wanted = references[7]!;
    for (const typed of [
      wanted,
      wanted.toLowerCase(),
      wanted.replace("-", ""),
      ` ${wanted.slice(0, 4)} ${wanted.slice(5)} `,
    ]) {
      const { rows } = await listEnquiries(store.sql, filter(`q=${encodeURIComponent(typed)}`));
      expect(
        rows.map((r) => r.reference),
        typed,
      ).toEqual([wanted]);
    }
    expect(normalizeReference("O0I1-LUV0")).toBeUndefined();
    // By a word of the name, the e-mail, the phone, the message.
    expect((await listEnquiries(store.sql, filter("q=visitor12%40example.com"))).rows.map((r) => r.name)).toEqual([
      "Visitor 12",
    ]);
    expect((await listEnquiries(store.sql, filter("q=0013"))).rows.map((r) => r.name)).toEqual(["Visitor 13"]);
    expect((await listEnquiries(store.sql, filter("q=number+14"))).rows.map((r) => r.name)).toEqual(["Visitor 14"]);
    expect((await listEnquiries(store.sql, filter("q=visit"))).rows).toHaveLength(30);
    // A name that reads as a reference (eight letters of its alphabet) is found as words too,
    // beside the enquiry whose reference it would be.
    const mark = await store.store(enquiry(31, { name: "Mark Dean" }));
    const other = await store.store(enquiry(32, { name: "Ivo Referenca" }));
    await store.sql.run("UPDATE enquiries SET reference = 'MARK-DEAN' WHERE id = $1", [other.id]);
    const named = async (typed: string) =>
      (await listEnquiries(store.sql, filter(`q=${encodeURIComponent(typed)}`))).rows.map((r) => r.name).sort();
    for (const typed of ["Mark Dean", "mark dean", "MARK DEAN"])
      expect(await named(typed), typed).toEqual(["Ivo Referenca", "Mark Dean"]);
    // Typed as a reference, it is the reference (as words too, where the dialect splits the dash).
    for (const typed of ["MARK-DEAN", "markdean"]) expect(await named(typed), typed).toContain("Ivo Referenca");
    expect((await listEnquiries(store.sql, filter("q=Mark+Dean+Zagreb"))).rows).toEqual([]);
    expect(mark.reference).not.toBe("MARK-DEAN");
    // Query syntax typed by a person is only text: never an error.
    for (const hostile of [
      '"',
      "*",
      "NEAR(a b)",
      "-x",
      "a:b",
      "(",
      "'",
      "\\",
      "OR",
      "a AND",
      "😀",
      "%",
      "_",
      ") OR 1=1 --",
    ]) {
      const { rows } = await listEnquiries(store.sql, filter(`q=${encodeURIComponent(hostile)}`));
      expect(Array.isArray(rows), hostile).toBe(true);
    }
  });

  it(`${name}: newest first, paged by cursor without gaps or repeats; filters; a tampered cursor is the first page`, async () => {
    const store = await open();
    for (let i = 0; i < 23; i++)
      await store.store(enquiry(i, i % 3 === 0 ? { category: "Event organization", language: "hr" } : {}));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listEnquiries(store.sql, filter(""), { cursor: decodeCursor(cursor), limit: 5 });
      seen.push(...page.rows.map((r) => r.name));
      cursor = page.more;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `Visitor ${22 - i}`));
    expect((await listEnquiries(store.sql, filter("category=Event+organization"))).rows).toHaveLength(8);
    expect((await listEnquiries(store.sql, filter("language=hr"))).rows).toHaveLength(8);
    expect((await listEnquiries(store.sql, filter("delivery=pending"))).rows).toHaveLength(23);
    expect((await listEnquiries(store.sql, filter("delivery=failed"))).rows).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listEnquiries(store.sql, filter(`from=${today}&to=${today}`))).rows).toHaveLength(23);
    expect((await listEnquiries(store.sql, filter("to=2000-01-01"))).rows).toHaveLength(0);
    // Values a filter cannot take are dropped, not errors.
    expect(filter("followUp=nope&category=x&from=2024-13-45&language=de")).toEqual({});
    for (const bad of ["garbage", "", "eyJ4IjoxfQ", Buffer.from('["x","y"]').toString("base64url"), "A".repeat(500)])
      expect(decodeCursor(bad)).toBeUndefined();
  });

  it(`${name}: follow-up and notes, each with who and when; a retry; erasure leaves nothing of the visitor`, async () => {
    const store = await open();
    const record = await store.store(enquiry(1, { name: "Ana Erase", message: "Findable unicorn words" }));
    const other = await store.store(enquiry(2));
    expect(await setFollowUp(store.sql, record.id, "replied", "staff@example.com")).toBe(true);
    expect(await addNote(store.sql, record.id, "  Called her back  ", "staff@example.com")).toBe(true);
    expect(await addNote(store.sql, record.id, "   ", "staff@example.com")).toBe(false);
    expect(await addNote(store.sql, record.id, "x".repeat(2_001), "staff@example.com")).toBe(false);
    expect((await listEnquiries(store.sql, filter("followUp=replied"))).rows.map((r) => r.id)).toEqual([record.id]);
    const view = await getEnquiry(store.sql, record.id);
    expect(view!.events.map((e) => [e.kind, e.actor, e.from, e.to, e.note])).toEqual([
      ["follow-up", "staff@example.com", "new", "replied", undefined],
      ["note", "staff@example.com", undefined, undefined, "Called her back"],
    ]);
    // A failed delivery back to the queue (the outbox command's rule), recorded.
    const [delivery] = await store.find(record.id);
    await store.move(delivery!, "failed", { failure: { reason: "test" } });
    expect(await retryDelivery(store, record.id, delivery!.channel, "staff@example.com")).toBe(true);
    expect((await store.find(record.id))[0]!.state).toBe("pending");

    expect(await eraseEnquiry(store.sql, record.id)).toBe(record.reference);
    expect(await getEnquiry(store.sql, record.id)).toBeUndefined();
    expect(await store.find(record.id)).toEqual([]);
    expect((await listEnquiries(store.sql, filter("q=unicorn"))).rows).toEqual([]);
    expect((await listEnquiries(store.sql, filter(`q=${record.reference}`))).rows).toEqual([]);
    const left = await store.sql.all("SELECT count(*) AS n FROM enquiry_events WHERE enquiry_id = $1", [record.id]);
    expect(Number(left[0]!.n)).toBe(0);
    expect(await eraseEnquiry(store.sql, record.id)).toBeUndefined();
    expect((await getEnquiry(store.sql, other.id))?.name).toBe("Visitor 2");
  });

  it(`${name}: retention erases what reached the team long enough ago, never one still waiting`, async () => {
    const store = await open();
    const delivered = await store.store(enquiry(1));
    const answered = await store.store(enquiry(2));
    const waiting = await store.store(enquiry(3));
    const seenNot = await store.store(enquiry(4));
    await store.move((await store.find(delivered.id))[0]!, "delivered", { deliveredAt: "2001-01-01T00:00:00.000Z" });
    await setFollowUp(store.sql, answered.id, "closed", "staff@example.com");
    await store.sql.run("UPDATE enquiries SET received_at = $1, follow_up_at = $1", ["2001-01-01T00:00:00.000Z"]);
    await store.sql.run("UPDATE deliveries SET delivered_at = $1 WHERE state = 'delivered'", [
      "2001-01-01T00:00:00.000Z",
    ]);
    await store.move((await store.find(seenNot.id))[0]!, "failed", { failure: { reason: "test" } });
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(2);
    const left = (await listEnquiries(store.sql, filter(""))).rows.map((r) => r.id).sort();
    expect(left).toEqual([waiting.id, seenNot.id].sort());
    // Recent ones stay whatever their state.
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(0);
  });

  it(`${name}: the export writes the team's time with its offset, and each enquiry's notes (CSV and JSON lines)`, async () => {
    const store = await open();
    const winter = await store.store(enquiry(1, { name: "Ana Zima" }));
    const summer = await store.store(enquiry(2, { name: "Ivo Ljeto" }));
    await store.store(enquiry(3, { name: "Mia Bez" }));
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE id = $2", ["2026-11-26T13:05:09.000Z", winter.id]);
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE id = $2", ["2026-07-01T22:30:00.000Z", summer.id]);
    expect(await addNote(store.sql, winter.id, "Called back, wants Friday", "lead@example.com")).toBe(true);
    expect(await addNote(store.sql, winter.id, '=HYPERLINK("http://evil")', "staff@example.com")).toBe(true);
    await store.sql.run("UPDATE enquiry_events SET at = $1 WHERE enquiry_id = $2", [
      "2026-11-26T15:00:00.000Z",
      winter.id,
    ]);
    const csv = await text(exportStream(everyEnquiry(store.sql, filter(""), 2), "csv"));
    const lineOf = (name: string) => csv.split("\r\n").find((l) => l.includes(name))!;
    expect(lineOf("Ana Zima")).toContain(`,"2026-11-26 14:05 +01:00",`);
    expect(lineOf("Ivo Ljeto")).toContain(`,"2026-07-02 00:30 +02:00",`);
    // The notes, a line each, oldest first; a formula made inert as every cell's.
    expect(csv).toContain(
      `"[2026-11-26 16:00 +01:00, lead@example.com] Called back, wants Friday\n[2026-11-26 16:00 +01:00, staff@example.com] =HYPERLINK(""http://evil"")"\r\n`,
    );
    expect(lineOf("Mia Bez").endsWith(`,""`)).toBe(true);
    const json = (await text(exportStream(everyEnquiry(store.sql, filter(""), 2), "jsonl")))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { name: string; received_at: string; notes: unknown });
    const byName = Object.fromEntries(json.map((j) => [j.name, j]));
    expect(byName["Ana Zima"]).toMatchObject({
      received_at: "2026-11-26T14:05:09+01:00",
      notes: [
        { at: "2026-11-26T16:00:00+01:00", by: "lead@example.com", text: "Called back, wants Friday" },
        { at: "2026-11-26T16:00:00+01:00", by: "staff@example.com", text: '=HYPERLINK("http://evil")' },
      ],
    });
    expect(byName["Ivo Ljeto"]).toMatchObject({ received_at: "2026-07-02T00:30:00+02:00", notes: [] });
  });

  it(`${name}: the export streams every row of the filter; CSV cells that a spreadsheet would run are text`, async () => {
    const store = await open();
    await store.store(enquiry(1, { name: '=HYPERLINK("http://evil","x")', message: 'Line one\r\nline, two "quoted"' }));
    await store.store(enquiry(2, { name: "@SUM(A1)", message: "\tTabbed" }));
    await store.store(enquiry(3, { name: "Šime Čović", message: "-2+3" }));
    const csv = await text(exportStream(everyEnquiry(store.sql, filter(""), 2), "csv"));
    expect(csv.startsWith('\uFEFF"reference","received_at (Europe/Zagreb, UTC offset)","follow_up",')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv).toContain(`"Line one\r\nline, two ""quoted"""`);
    expect(csv).toContain(`"'@SUM(A1)"`);
    expect(csv).toContain(`"'\tTabbed"`);
    expect(csv).toContain(`"'-2+3"`);
    expect(csv).toContain(`"Šime Čović"`);
    expect(csv).toContain(`,"'+385 91 000 0001",`);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(5); // header, 3 rows, one row has a line break inside
    const lines = (await text(exportStream(everyEnquiry(store.sql, filter("q=Šime"), 2), "jsonl"))).trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).name)).toEqual(["Šime Čović"]);
    // Everything about one address: enquiries, and what an import quarantined that mentions it.
    expect((await enquiriesOf(store.sql, "VISITOR2@example.com")).map((e) => e.name)).toEqual(["@SUM(A1)"]);
    await store.insertQuarantined({
      ref: "imported/x.json",
      from: "pending",
      reason: "not JSON",
      at: new Date().toISOString(),
      content: '{"email":"Visitor2@Example.com", broken',
    });
    const mentions = await quarantinedMentioning(store.sql, "visitor2@example.com");
    expect(mentions.map((m) => m.ref)).toEqual(["imported/x.json"]);
    expect(await quarantinedMentioning(store.sql, "visitor3@example.com")).toEqual([]);
    expect(
      await eraseQuarantined(
        store.sql,
        mentions.map((m) => m.ref),
      ),
    ).toBe(1);
    expect(await quarantinedMentioning(store.sql, "visitor2@example.com")).toEqual([]);
  });

  it(`${name}: a caught enquiry is kept with why and sent nowhere; the inbox and its count leave it out`, async () => {
    const store = await open();
    const person = await store.store(enquiry(1));
    const caught = await store.store(enquiry(2), "r2", {
      spam: { reasons: ["honeypot", "links"], maxPerHour: 10, maxKept: 10 },
    });
    expect(caught.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const deliveries = await store.sql.all("SELECT enquiry_id FROM deliveries");
    expect(deliveries.map((d) => String(d.enquiry_id))).toEqual([person.id]);
    expect(await store.nextDue("email", Date.now() + 60_000, [person.id])).toBeUndefined();
    expect((await listEnquiries(store.sql, filter(""))).rows.map((r) => r.name)).toEqual(["Visitor 1"]);
    expect(await waitingCount(store.sql)).toBe(1);
    const spam = (await listEnquiries(store.sql, filter("view=spam"), { withMessage: true })).rows;
    expect(spam.map((r) => [r.name, r.spam, r.message])).toEqual([
      ["Visitor 2", ["honeypot", "links"], "Message number 2"],
    ]);
    // Marked spam by hand: in the Spam view too, out of the inbox (its deliveries stay its own).
    await setFollowUp(store.sql, person.id, "spam", "staff@example.com");
    expect((await listEnquiries(store.sql, filter(""))).rows).toEqual([]);
    expect((await listEnquiries(store.sql, filter("view=spam"))).rows.map((r) => r.name)).toEqual([
      "Visitor 2",
      "Visitor 1",
    ]);
    expect(await spamCount(store.sql)).toBe(2);
    expect(await waitingCount(store.sql)).toBe(0);
  });

  it(`${name}: "Not spam" makes its deliveries through the accept's code, due now, once`, async () => {
    const store = await open();
    const caught = await store.store(enquiry(1), undefined, {
      spam: { reasons: ["too-fast"], maxPerHour: 10, maxKept: 10 },
    });
    expect(await releaseSpam(store, caught.id, "staff@example.com")).toBe(caught.reference);
    // A second tap (or a second person) changes nothing and makes no second delivery.
    expect(await releaseSpam(store, caught.id, "staff@example.com")).toBeUndefined();
    const due = await store.nextDue("email", Date.now());
    expect(due).toMatchObject({ id: caught.id, reference: caught.reference, state: "pending", channel: "email" });
    expect(due!.enquiry.message).toBe("Message number 1");
    await store.move(due!, "delivered", { deliveredAt: new Date().toISOString() });
    expect(await store.nextDue("email", Date.now() + 3_600_000)).toBeUndefined();
    expect(await store.sql.all("SELECT channel FROM deliveries WHERE enquiry_id = $1", [caught.id])).toHaveLength(1);
    const view = await getEnquiry(store.sql, caught.id);
    expect(view).toMatchObject({ followUp: "new" });
    expect(view!.spam).toBeUndefined();
    expect(view!.events).toEqual([expect.objectContaining({ kind: "follow-up", from: "spam", to: "new" })]);
    expect((await listEnquiries(store.sql, filter(""))).rows.map((r) => r.id)).toEqual([caught.id]);
    // One staff marked spam by hand goes back to "new", its deliveries as they were.
    const marked = await store.store(enquiry(2));
    await setFollowUp(store.sql, marked.id, "spam", "staff@example.com");
    expect(await releaseSpam(store, marked.id, "staff@example.com")).toBe(marked.reference);
    expect(await store.sql.all("SELECT channel FROM deliveries WHERE enquiry_id = $1", [marked.id])).toHaveLength(1);
    expect((await getEnquiry(store.sql, marked.id))!.followUp).toBe("new");
    expect(await releaseSpam(store, "00000000-0000-4000-8000-000000000000", "x")).toBeUndefined();
  });

  it(`${name}: spam is bounded: per hour and in all the oldest caught go first, counted; retention erases it`, async () => {
    const store = await open();
    const caps = (maxPerHour: number, maxKept: number) => ({ spam: { reasons: ["honeypot"], maxPerHour, maxKept } });
    const person = await store.store(enquiry(0));
    const dropped: number[] = [];
    for (let i = 1; i <= 6; i++) dropped.push((await store.store(enquiry(i), undefined, caps(4, 100))).dropped ?? 0);
    expect(dropped).toEqual([0, 0, 0, 0, 1, 1]);
    const names = async () => (await listEnquiries(store.sql, filter("view=spam"))).rows.map((r) => r.name);
    expect(await names()).toEqual(["Visitor 6", "Visitor 5", "Visitor 4", "Visitor 3"]);
    expect((await store.store(enquiry(7), undefined, caps(100, 2))).dropped).toBe(3);
    expect(await names()).toEqual(["Visitor 7", "Visitor 6"]);
    // Hand-marked spam and the inbox are never dropped by the caps.
    await setFollowUp(store.sql, person.id, "spam", "staff@example.com");
    expect((await store.store(enquiry(8), undefined, caps(100, 1))).dropped).toBe(2);
    expect(await names()).toEqual(["Visitor 8", "Visitor 0"]);
    // Retention: caught spam by arrival (an hour here), the rest by its own rule (untouched).
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE spam IS NOT NULL", [
      new Date(Date.now() - 7_200_000).toISOString(),
    ]);
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(0);
    expect(await store.eraseExpired(365 * 86_400_000, { spamOlderThanMs: 3_600_000 })).toBe(1);
    expect(await names()).toEqual(["Visitor 0"]);
  });

  it(`${name}: "Delete all shown" erases the Spam view between the times shown, nothing else`, async () => {
    const store = await open();
    const person = await store.store(enquiry(0));
    const caught = [];
    for (let i = 1; i <= 4; i++)
      caught.push(
        await store.store(enquiry(i), undefined, { spam: { reasons: ["repeated"], maxPerHour: 10, maxKept: 10 } }),
      );
    const shown = (await listEnquiries(store.sql, filter("view=spam"), { limit: 2 })).rows;
    expect(await eraseSpam(store.sql, shown.at(-1)!.receivedAt, shown[0]!.receivedAt)).toBe(2);
    expect((await listEnquiries(store.sql, filter("view=spam"))).rows.map((r) => r.name)).toEqual([
      "Visitor 2",
      "Visitor 1",
    ]);
    expect(await eraseEnquiry(store.sql, person.id, { spamOnly: true })).toBeUndefined();
    expect(await eraseEnquiry(store.sql, caught[0]!.id, { spamOnly: true })).toBe(caught[0]!.reference);
    expect((await listEnquiries(store.sql, filter(""))).rows.map((r) => r.name)).toEqual(["Visitor 0"]);
  });

  it(`${name}: "Needs a reply" is the new ones, oldest first, paged; one drops out once replied; the count agrees`, async () => {
    const store = await open();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await store.store(enquiry(i)));
    // Arrival times set apart (the oldest is Visitor 0), a caught one and a closed one beside them.
    for (const [i, record] of made.entries())
      await store.sql.run("UPDATE enquiries SET received_at = $2 WHERE id = $1", [
        record.id,
        new Date(Date.parse("2026-11-01T08:00:00.000Z") + i * 3_600_000).toISOString(),
      ]);
    await store.store(enquiry(90), undefined, { spam: { reasons: ["links"], maxPerHour: 10, maxKept: 10 } });
    await setFollowUp(store.sql, made[6]!.id, "closed", "staff@example.com");
    const names = async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await needsReply(store.sql, { cursor: decodeCursor(cursor), limit: 2 });
        seen.push(...page.rows.map((r) => r.name));
        cursor = page.more;
      } while (cursor);
      return seen;
    };
    expect(await names()).toEqual(["Visitor 0", "Visitor 1", "Visitor 2", "Visitor 3", "Visitor 4", "Visitor 5"]);
    expect(await waitingCount(store.sql)).toBe(6);
    // The badge's count stops at its cap (it says "999+"), whatever waits.
    expect(await waitingCount(store.sql, { cap: 4 })).toBe(4);
    const [first] = (await needsReply(store.sql, { limit: 1 })).rows;
    expect(first!.preview).toBe("Message number 0");
    expect(await recordReply(store.sql, made[0]!.id, "staff@example.com")).toBe(true);
    expect(await setFollowUp(store.sql, made[2]!.id, "booked", "staff@example.com")).toBe(true);
    expect(await names()).toEqual(["Visitor 1", "Visitor 3", "Visitor 4", "Visitor 5"]);
    expect(await waitingCount(store.sql)).toBe(4);
    // Back to new: it waits again, in its place.
    await setFollowUp(store.sql, made[2]!.id, "new", "staff@example.com");
    expect((await names())[1]).toBe("Visitor 2");
  });

  it(`${name}: the first reply's time is set once: by a reply link or the first answering follow-up, never moved`, async () => {
    const store = await open();
    const byLink = await store.store(enquiry(1));
    const byState = await store.store(enquiry(2));
    const notYet = await store.store(enquiry(3));
    expect((await getEnquiry(store.sql, byLink.id))!.firstRepliedAt).toBeUndefined();
    expect(await recordReply(store.sql, byLink.id, "staff@example.com")).toBe(true);
    const first = await getEnquiry(store.sql, byLink.id);
    expect(first).toMatchObject({ followUp: "replied" });
    expect(first!.firstRepliedAt).toMatch(/^\d{4}-/);
    expect(first!.events.map((e) => [e.kind, e.from, e.to])).toEqual([["follow-up", "new", "replied"]]);
    await new Promise((resolve) => setTimeout(resolve, 15));
    // A second reply, a move back to new and on to booked: the first time stays; no event for nothing.
    expect(await recordReply(store.sql, byLink.id, "other@example.com")).toBe(true);
    await setFollowUp(store.sql, byLink.id, "new", "staff@example.com");
    await setFollowUp(store.sql, byLink.id, "booked", "staff@example.com");
    const later = await getEnquiry(store.sql, byLink.id);
    expect(later!.firstRepliedAt).toBe(first!.firstRepliedAt);
    expect(later!.events).toHaveLength(3);
    // Closed straight from new is an answer too; spam is not.
    await setFollowUp(store.sql, byState.id, "closed", "staff@example.com");
    expect((await getEnquiry(store.sql, byState.id))!.firstRepliedAt).toMatch(/^\d{4}-/);
    await setFollowUp(store.sql, notYet.id, "spam", "staff@example.com");
    expect((await getEnquiry(store.sql, notYet.id))!.firstRepliedAt).toBeUndefined();
    expect(await recordReply(store.sql, "00000000-0000-4000-8000-000000000000", "x")).toBe(false);
  });

  it(`${name}: "Upcoming" is by event day then time from today on; past, closed and spam ones are not in it`, async () => {
    const store = await open();
    const at = async (n: number, day: string, time: string | null, extra?: () => Promise<unknown>) => {
      const record = await store.store(enquiry(n));
      await store.sql.run("UPDATE enquiries SET event_date = $2, event_time = $3 WHERE id = $1", [
        record.id,
        day,
        time,
      ]);
      await extra?.();
      return record;
    };
    await at(1, "2030-06-14", "21:00");
    await at(2, "2030-06-10", null);
    await at(3, "2030-06-10", "20:30");
    await at(4, "2030-06-09", "23:00"); // yesterday: dropped
    const closed = await at(5, "2030-06-11", "12:00");
    await setFollowUp(store.sql, closed.id, "closed", "staff@example.com");
    const marked = await at(6, "2030-06-11", "13:00");
    await setFollowUp(store.sql, marked.id, "spam", "staff@example.com");
    const booked = await at(7, "2030-07-01", "10:00");
    await setFollowUp(store.sql, booked.id, "booked", "staff@example.com");
    await store.store(enquiry(8)); // no event day
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    const all = await upcoming(store.sql, "2030-06-10");
    expect(names(all.rows)).toEqual(["Visitor 3", "Visitor 2", "Visitor 1", "Visitor 7"]);
    expect(all.rows[0]).toMatchObject({ event_date: "2030-06-10", event_time: "20:30", preview: "Message number 3" });
    expect(all.more).toBeUndefined();
    // Paged by cursor, without gaps or repeats.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await upcoming(store.sql, "2030-06-10", { cursor: decodeUpcomingCursor(cursor), limit: 1 });
      seen.push(...names(page.rows));
      cursor = page.more;
    } while (cursor);
    expect(seen).toEqual(["Visitor 3", "Visitor 2", "Visitor 1", "Visitor 7"]);
    // The next day: that day's two drop out.
    expect(names((await upcoming(store.sql, "2030-06-11")).rows)).toEqual(["Visitor 1", "Visitor 7"]);
    for (const bad of ["x", Buffer.from('["2030-01-01","99","x"]').toString("base64url")])
      expect(decodeUpcomingCursor(bad)).toBeUndefined();
  });

  it(`${name}: a search says how many it found (bounded); a person's other enquiries by e-mail or phone`, async () => {
    const store = await open();
    const first = await store.store(enquiry(1, { email: "Repeat@Example.com", phone: "+385 91 555 0101" }));
    const second = await store.store(enquiry(2, { email: "repeat@example.COM", phone: "091 000 0000" }));
    const third = await store.store(enquiry(3, { email: "someone.else@example.com", phone: "+385-91-555-0101" }));
    await store.store(enquiry(4));
    await store.store(enquiry(5, { email: "repeat@example.com" }), undefined, {
      spam: { reasons: ["links"], maxPerHour: 10, maxKept: 10 },
    });
    expect(await countEnquiries(store.sql, filter("q=visitor"))).toEqual({ n: 4, more: false });
    expect(await countEnquiries(store.sql, filter("q=visitor"), 2)).toEqual({ n: 2, more: true });
    expect(await countEnquiries(store.sql, filter("q=nobody"))).toEqual({ n: 0, more: false });
    const person = (r: typeof first) => ({ id: r.id, email: r.enquiry.email, phone: r.enquiry.phone });
    const others = await otherEnquiries(store.sql, person(first));
    expect(others.map((o) => o.id).sort()).toEqual([second.id, third.id].sort());
    expect(others[0]).toMatchObject({ reference: expect.stringMatching(/^.{4}-.{4}$/), followUp: "new" });
    expect((await otherEnquiries(store.sql, person(second))).map((o) => o.id)).toEqual([first.id]);
    expect((await otherEnquiries(store.sql, { id: third.id, email: third.enquiry.email, phone: "12" })).length).toBe(0);
  });
}
