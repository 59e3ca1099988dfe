// The inbox's part (`store.inbox`) on either database; the desk's and the Spam view's contracts run from here.
import { expect, it } from "vitest";
import { normalizeReference } from "~/store/reference.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import { exportStream } from "~/staff/inbox/export.server";
import { decodeCursor } from "~/store/inbox.server";
import { inboxDeskContract } from "./inbox-desk-contract";
import { enquiry, filter, text } from "./inbox-setup";
import { inboxSpamContract } from "./inbox-spam-contract";

export function inboxContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: a search finds names and words typed with or without their marks, either way round`, async () => {
    const store = await open();
    await store.store(enquiry(1, { name: "Đurđa Kovačević", message: "Večera u Šibeniku za dvanaest" }));
    await store.store(enquiry(2, { name: "Łukasz Ødegård", email: "lukasz@example.com" }));
    await store.store(enquiry(3, { name: "Durda Kovac" }));
    const names = async (q: string) =>
      (await store.inbox.list(filter(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.name).sort();
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
    expect(await store.inbox.enquiry(withDetails.id)).toMatchObject(details);
    const names = async (q: string) =>
      (await store.inbox.list(filter(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.name).sort();
    expect(await names("Hvar")).toEqual(["Ana Hvarić", "Mia Split"]);
    expect(await names("Beograd")).toEqual(["Ivo Beli"]);
    expect(await names("belgrade")).toEqual(["Ivo Beli"]);
    expect(await names("hvar ana")).toEqual(["Ana Hvarić"]);
    expect(await names("zrce")).toEqual([]);
    const [row] = (await store.inbox.list(filter("q=Ana"))).rows;
    expect(row).toMatchObject(details);
    const jsonl = (await text(exportStream(store.inbox.exportRows(filter("q=Ana"), 10), "jsonl"))).trim();
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
      const { rows } = await store.inbox.list(filter(`q=${encodeURIComponent(typed)}`));
      expect(
        rows.map((r) => r.reference),
        typed,
      ).toEqual([wanted]);
    }
    expect(normalizeReference("O0I1-LUV0")).toBeUndefined();
    expect((await store.inbox.list(filter("q=visitor12%40example.com"))).rows.map((r) => r.name)).toEqual([
      "Visitor 12",
    ]);
    expect((await store.inbox.list(filter("q=0013"))).rows.map((r) => r.name)).toEqual(["Visitor 13"]);
    expect((await store.inbox.list(filter("q=number+14"))).rows.map((r) => r.name)).toEqual(["Visitor 14"]);
    expect((await store.inbox.list(filter("q=visit"))).rows).toHaveLength(30);
    // A name that reads as a reference is found as words too, beside the enquiry whose reference it would be.
    const mark = await store.store(enquiry(31, { name: "Mark Dean" }));
    const other = await store.store(enquiry(32, { name: "Ivo Referenca" }));
    await store.sql.run("UPDATE enquiries SET reference = 'MARK-DEAN' WHERE id = $1", [other.id]);
    const named = async (typed: string) =>
      (await store.inbox.list(filter(`q=${encodeURIComponent(typed)}`))).rows.map((r) => r.name).sort();
    for (const typed of ["Mark Dean", "mark dean", "MARK DEAN"])
      expect(await named(typed), typed).toEqual(["Ivo Referenca", "Mark Dean"]);
    // Typed as a reference, it is the reference (as words too, where the dialect splits the dash).
    for (const typed of ["MARK-DEAN", "markdean"]) expect(await named(typed), typed).toContain("Ivo Referenca");
    expect((await store.inbox.list(filter("q=Mark+Dean+Zagreb"))).rows).toEqual([]);
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
      const { rows } = await store.inbox.list(filter(`q=${encodeURIComponent(hostile)}`));
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
      const page = await store.inbox.list(filter(""), { cursor: decodeCursor(cursor), limit: 5 });
      seen.push(...page.rows.map((r) => r.name));
      cursor = page.more;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `Visitor ${22 - i}`));
    expect((await store.inbox.list(filter("category=Event+organization"))).rows).toHaveLength(8);
    expect((await store.inbox.list(filter("language=hr"))).rows).toHaveLength(8);
    expect((await store.inbox.list(filter("delivery=pending"))).rows).toHaveLength(23);
    expect((await store.inbox.list(filter("delivery=failed"))).rows).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await store.inbox.list(filter(`from=${today}&to=${today}`))).rows).toHaveLength(23);
    expect((await store.inbox.list(filter("to=2000-01-01"))).rows).toHaveLength(0);
    expect(filter("followUp=nope&category=x&from=2024-13-45&language=de")).toEqual({});
    for (const bad of ["garbage", "", "eyJ4IjoxfQ", Buffer.from('["x","y"]').toString("base64url"), "A".repeat(500)])
      expect(decodeCursor(bad)).toBeUndefined();
  });

  it(`${name}: follow-up and notes, each with who and when; a retry; erasure leaves nothing of the visitor`, async () => {
    const store = await open();
    const record = await store.store(enquiry(1, { name: "Ana Erase", message: "Findable unicorn words" }));
    const other = await store.store(enquiry(2));
    expect(await store.inbox.setFollowUp(record.id, "replied", "staff@example.com")).toBe(true);
    expect(await store.inbox.addNote(record.id, "  Called her back  ", "staff@example.com")).toBe(true);
    expect(await store.inbox.addNote(record.id, "   ", "staff@example.com")).toBe(false);
    expect(await store.inbox.addNote(record.id, "x".repeat(2_001), "staff@example.com")).toBe(false);
    expect((await store.inbox.list(filter("followUp=replied"))).rows.map((r) => r.id)).toEqual([record.id]);
    const view = await store.inbox.enquiry(record.id);
    expect(view!.events.map((e) => [e.kind, e.actor, e.from, e.to, e.note])).toEqual([
      ["follow-up", "staff@example.com", "new", "replied", undefined],
      ["note", "staff@example.com", undefined, undefined, "Called her back"],
    ]);
    const [delivery] = await store.find(record.id);
    await store.move(delivery!, "failed", { failure: { reason: "test" } });
    expect(await store.inbox.retryDelivery(record.id, delivery!.channel, "staff@example.com")).toBe(true);
    expect((await store.find(record.id))[0]!.state).toBe("pending");

    expect(await store.inbox.erase(record.id)).toBe(record.reference);
    expect(await store.inbox.enquiry(record.id)).toBeUndefined();
    expect(await store.find(record.id)).toEqual([]);
    expect((await store.inbox.list(filter("q=unicorn"))).rows).toEqual([]);
    expect((await store.inbox.list(filter(`q=${record.reference}`))).rows).toEqual([]);
    const left = await store.sql.all("SELECT count(*) AS n FROM enquiry_events WHERE enquiry_id = $1", [record.id]);
    expect(Number(left[0]!.n)).toBe(0);
    expect(await store.inbox.erase(record.id)).toBeUndefined();
    expect((await store.inbox.enquiry(other.id))?.name).toBe("Visitor 2");
  });

  it(`${name}: retention erases what reached the team long enough ago, never one still waiting`, async () => {
    const store = await open();
    const delivered = await store.store(enquiry(1));
    const answered = await store.store(enquiry(2));
    const waiting = await store.store(enquiry(3));
    const seenNot = await store.store(enquiry(4));
    await store.move((await store.find(delivered.id))[0]!, "delivered", { deliveredAt: "2001-01-01T00:00:00.000Z" });
    await store.inbox.setFollowUp(answered.id, "closed", "staff@example.com");
    await store.sql.run("UPDATE enquiries SET received_at = $1, follow_up_at = $1", ["2001-01-01T00:00:00.000Z"]);
    await store.sql.run("UPDATE deliveries SET delivered_at = $1 WHERE state = 'delivered'", [
      "2001-01-01T00:00:00.000Z",
    ]);
    await store.move((await store.find(seenNot.id))[0]!, "failed", { failure: { reason: "test" } });
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(2);
    const left = (await store.inbox.list(filter(""))).rows.map((r) => r.id).sort();
    expect(left).toEqual([waiting.id, seenNot.id].sort());
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(0);
  });

  it(`${name}: the export writes the team's time with its offset, and each enquiry's notes (CSV and JSON lines)`, async () => {
    const store = await open();
    const winter = await store.store(enquiry(1, { name: "Ana Zima" }));
    const summer = await store.store(enquiry(2, { name: "Ivo Ljeto" }));
    await store.store(enquiry(3, { name: "Mia Bez" }));
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE id = $2", ["2026-11-26T13:05:09.000Z", winter.id]);
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE id = $2", ["2026-07-01T22:30:00.000Z", summer.id]);
    expect(await store.inbox.addNote(winter.id, "Called back, wants Friday", "lead@example.com")).toBe(true);
    expect(await store.inbox.addNote(winter.id, '=HYPERLINK("http://evil")', "staff@example.com")).toBe(true);
    await store.sql.run("UPDATE enquiry_events SET at = $1 WHERE enquiry_id = $2", [
      "2026-11-26T15:00:00.000Z",
      winter.id,
    ]);
    const csv = await text(exportStream(store.inbox.exportRows(filter(""), 2), "csv"));
    const lineOf = (name: string) => csv.split("\r\n").find((l) => l.includes(name))!;
    expect(lineOf("Ana Zima")).toContain(`,"2026-11-26 14:05 +01:00",`);
    expect(lineOf("Ivo Ljeto")).toContain(`,"2026-07-02 00:30 +02:00",`);
    expect(csv).toContain(
      `"[2026-11-26 16:00 +01:00, lead@example.com] Called back, wants Friday\n[2026-11-26 16:00 +01:00, staff@example.com] =HYPERLINK(""http://evil"")"\r\n`,
    );
    expect(lineOf("Mia Bez").endsWith(`,""`)).toBe(true);
    const json = (await text(exportStream(store.inbox.exportRows(filter(""), 2), "jsonl")))
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
    const csv = await text(exportStream(store.inbox.exportRows(filter(""), 2), "csv"));
    expect(csv.startsWith('\uFEFF"reference","received_at (Europe/Zagreb, UTC offset)","follow_up",')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv).toContain(`"Line one\r\nline, two ""quoted"""`);
    expect(csv).toContain(`"'@SUM(A1)"`);
    expect(csv).toContain(`"'\tTabbed"`);
    expect(csv).toContain(`"'-2+3"`);
    expect(csv).toContain(`"Šime Čović"`);
    expect(csv).toContain(`,"'+385 91 000 0001",`);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(5); // header, 3 rows, one row has a line break inside
    const lines = (await text(exportStream(store.inbox.exportRows(filter("q=Šime"), 2), "jsonl"))).trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).name)).toEqual(["Šime Čović"]);
    expect((await store.inbox.enquiriesOf("VISITOR2@example.com")).map((e) => e.name)).toEqual(["@SUM(A1)"]);
    await store.insertQuarantined({
      ref: "imported/x.json",
      from: "pending",
      reason: "not JSON",
      at: new Date().toISOString(),
      content: '{"email":"Visitor2@Example.com", broken',
    });
    const mentions = await store.inbox.quarantinedMentioning("visitor2@example.com");
    expect(mentions.map((m) => m.ref)).toEqual(["imported/x.json"]);
    expect(await store.inbox.quarantinedMentioning("visitor3@example.com")).toEqual([]);
    expect(await store.inbox.eraseQuarantined(mentions.map((m) => m.ref))).toBe(1);
    expect(await store.inbox.quarantinedMentioning("visitor2@example.com")).toEqual([]);
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
    expect(await store.inbox.count(filter("q=visitor"))).toEqual({ n: 4, more: false });
    expect(await store.inbox.count(filter("q=visitor"), 2)).toEqual({ n: 2, more: true });
    expect(await store.inbox.count(filter("q=nobody"))).toEqual({ n: 0, more: false });
    const person = (r: typeof first) => ({ id: r.id, email: r.enquiry.email, phone: r.enquiry.phone });
    const others = await store.inbox.others(person(first));
    expect(others.map((o) => o.id).sort()).toEqual([second.id, third.id].sort());
    expect(others[0]).toMatchObject({ reference: expect.stringMatching(/^.{4}-.{4}$/), followUp: "new" });
    expect((await store.inbox.others(person(second))).map((o) => o.id)).toEqual([first.id]);
    expect((await store.inbox.others({ id: third.id, email: third.enquiry.email, phone: "12" })).length).toBe(0);
  });
  inboxDeskContract(name, open);
  inboxSpamContract(name, open);
}
