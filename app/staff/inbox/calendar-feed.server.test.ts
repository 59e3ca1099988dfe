import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteStore } from "../../../tests/support/delivery-testbed";
import type { SqlStore } from "~/store/sql-store.server";
import { addDays, teamDay } from "~/utils/team-time";
import { newToken } from "../tokens.server";
import { feedText, makeFeed } from "./calendar-feed.server";

const dir = mkdtempSync(path.join(tmpdir(), "calendar-feed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
let store: SqlStore;
const MEMBER = "0b6f8a52-6a5e-4c4e-9d61-2f1e7c3b9a10";
const SITE = "https://adriatic.example";

beforeEach(async () => {
  store = sqliteStore(path.join(dir, `site-${++n}.db`), { staleMs: 3_000 });
  await store.prepare();
  await store.sql.run("INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, $2, 'staff', $3)", [
    MEMBER,
    "desk@example.com",
    new Date().toISOString(),
  ]);
});
afterEach(() => store.close());

async function booked(name: string, inDays: number, guests = 8) {
  const { id } = await store.store({
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    phone: "+385 91 234 5678",
    category: "VIP Nightclub experience",
    message: "A table",
  });
  const date = addDays(teamDay(), inDays);
  await store.inbox.saveBooking(
    id,
    { date, time: "23:00", venue: "Central Club, Split", timeZone: "Europe/Zagreb", guests },
    "owner@example.com",
  );
  return id;
}

const read = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
const feed = (token: string) => feedText(store.inbox, `${token}.ics`, { siteUrl: SITE });

describe("the team's calendar feed", () => {
  it("shows the window's booked tables by first name and party size only, and follows a cancellation", async () => {
    const ana = await booked("Ana Horvat", 3, 8);
    await booked("Ivo Old", -40);
    await booked("Mia Later", 200, 2);
    const token = await makeFeed(store.inbox, MEMBER);
    const text = (await feed(token))!;
    expect(read(text).map((e) => e.summary)).toEqual(["Ana ×8", "Mia ×2"]);
    for (const personal of ["Horvat", "+385", "@example.com"]) expect(text).not.toContain(personal);
    expect(read(text)[0]!.location).toBe("Central Club, Split");

    await store.inbox.cancelBooking(ana, "owner@example.com");
    const [cancelled] = read((await feed(token))!);
    expect(cancelled!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled!.sequence).toBe(1);
  });

  it("shows the full name, reference and phone once an owner allows it", async () => {
    await booked("Ana Horvat", 3);
    const token = await makeFeed(store.inbox, MEMBER);
    await store.inbox.setFeedDetails(true);
    const [event] = read((await feed(token))!);
    expect(event!.summary).toBe("Ana Horvat ×8");
    expect(event!.description).toContain("+385 91 234 5678");
  });

  it("gives nothing to a guessed, malformed, replaced or revoked link, or a removed member's; keeps only the hash", async () => {
    await booked("Ana Horvat", 3);
    const first = await makeFeed(store.inbox, MEMBER);
    expect(await feed(first)).toContain("BEGIN:VEVENT");
    const [kept] = await store.sql.all<{ token_hash: string }>("SELECT token_hash FROM calendar_feeds");
    expect(kept!.token_hash).not.toBe(first);
    for (const wrong of [newToken(), "short", `${first}x`, first.toUpperCase(), "../../etc/passwd"])
      expect(await feed(wrong), wrong).toBeUndefined();
    expect(await feedText(store.inbox, first, { siteUrl: SITE })).toBeUndefined();

    const second = await makeFeed(store.inbox, MEMBER);
    expect(await feed(first)).toBeUndefined();
    expect(await feed(second)).toContain("BEGIN:VEVENT");
    expect(await store.inbox.revokeFeed(MEMBER)).toBe(true);
    expect(await feed(second)).toBeUndefined();

    const third = await makeFeed(store.inbox, MEMBER);
    await store.sql.run("DELETE FROM staff_members WHERE id = $1", [MEMBER]);
    expect(await feed(third)).toBeUndefined();
  });
});
