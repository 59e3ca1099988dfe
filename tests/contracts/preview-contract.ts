import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { invite, removeMember, reset, setSiteEditor } from "~/staff/members.server";
import {
  endAllSessions,
  endSession,
  purgeExpired,
  sessionToken,
  startSession,
  type SessionRules,
} from "~/staff/session.server";
import { tokenHash } from "~/staff/tokens.server";
import { createPreview, endPreview, previewHolder } from "~/store/site-photos.server";
import { may } from "~/utils/permissions";
import type { Sql } from "~/store/sql.server";
import { staffPartOf } from "~/store/staff-part.server";

const RULES: SessionRules = { idleMs: 60 * 60_000, maxMs: 12 * 3_600_000, secure: false };
const HOUR = 3_600_000;

/** A preview ends with the staff session that started it (decision 0038), checked as app/site/preview.server.ts does. */
export function previewContract(name: string, open: () => Promise<Sql>) {
  const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
  const at = (ms = 0) => ({ now: iso(ms), idleSince: iso(ms - RULES.idleMs) });
  let n = 0;

  async function person(sql: Sql, role: "owner" | "staff") {
    const { member } = await invite(
      staffPartOf(sql, async () => {}),
      {
        email: `${role}${++n}-${Date.now()}@example.com`,
        role,
        siteUrl: "http://localhost",
      },
    );
    return member;
  }
  async function session(sql: Sql, member: Awaited<ReturnType<typeof person>>) {
    const cookie = await startSession(
      staffPartOf(sql, async () => {}),
      RULES,
      { member },
    );
    return tokenHash(sessionToken(cookie.split(";")[0], false)!);
  }
  async function preview(sql: Sql, sessionHash: string, lastsMs = HOUR) {
    const hash = tokenHash(randomBytes(32).toString("base64url"));
    await createPreview(sql, hash, sessionHash, iso(lastsMs));
    return hash;
  }
  const previewValid = async (sql: Sql, hash: string, times: { now: string; idleSince: string }) => {
    const holder = await previewHolder(sql, hash, times);
    return !!holder && may(holder, "editSite");
  };
  const previewRows = async (sql: Sql) =>
    Number((await sql.all<{ n: unknown }>("SELECT count(*) AS n FROM site_previews"))[0]?.n);

  it(`${name}: a preview shows while its session lives; signing out ends it and deletes its row`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const owner = await person(sql, "owner");
    const here = await session(sql, owner);
    const elsewhere = await session(sql, owner);
    const mine = await preview(sql, here);
    const theirs = await preview(sql, elsewhere);
    expect(await previewValid(sql, mine, at())).toBe(true);
    await endSession(tables, here);
    expect(await previewValid(sql, mine, at())).toBe(false);
    // The person's other session, and its preview, go on.
    expect(await previewValid(sql, theirs, at())).toBe(true);
    expect(await previewRows(sql)).toBe(1);
  });

  it(`${name}: "sign out everywhere", a reset and a removal end every preview of the person`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const owner = await person(sql, "owner");
    const other = await person(sql, "owner");
    const everywhere = [await preview(sql, await session(sql, owner)), await preview(sql, await session(sql, owner))];
    const bystander = await preview(sql, await session(sql, other));
    await endAllSessions(tables, owner.id);
    for (const p of everywhere) expect(await previewValid(sql, p, at())).toBe(false);
    expect(await previewValid(sql, bystander, at())).toBe(true);

    const afterReset = await preview(sql, await session(sql, owner));
    await reset(tables, { email: owner.email, siteUrl: "http://localhost" });
    expect(await previewValid(sql, afterReset, at())).toBe(false);

    const beforeRemoval = await preview(sql, await session(sql, owner));
    expect(await previewValid(sql, beforeRemoval, at())).toBe(true);
    await removeMember(tables, owner.email);
    expect(await previewValid(sql, beforeRemoval, at())).toBe(false);
    expect(await previewRows(sql)).toBe(1);
    expect(await previewValid(sql, bystander, at())).toBe(true);
  });

  it(`${name}: a member of staff's preview shows only while the grant holds`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const staff = await person(sql, "staff");
    const p = await preview(sql, await session(sql, staff));
    // Never allowed: the row alone shows nothing.
    expect(await previewValid(sql, p, at())).toBe(false);
    await setSiteEditor(tables, staff.email, true);
    expect(await previewValid(sql, p, at())).toBe(true);
    await setSiteEditor(tables, staff.email, false);
    expect(await previewValid(sql, p, at())).toBe(false);
  });

  it(`${name}: the session's idle limit and end, and the preview's own hour, each end it`, async () => {
    const sql = await open();
    const owner = await person(sql, "owner");
    const s = await session(sql, owner);
    const short = await preview(sql, s, 10 * 60_000);
    const long = await preview(sql, s, 24 * HOUR);
    expect(await previewValid(sql, short, at(9 * 60_000))).toBe(true);
    expect(await previewValid(sql, short, at(11 * 60_000))).toBe(false);
    // Idle: nothing of the session for longer than the limit (the guard would refuse it).
    expect(await previewValid(sql, long, at(RULES.idleMs - 60_000))).toBe(true);
    expect(await previewValid(sql, long, at(RULES.idleMs + 60_000))).toBe(false);
    // Seen recently but past the session's own end (12 hours after sign-in).
    await sql.run("UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1", [s, iso(13 * HOUR)]);
    expect(await previewValid(sql, long, at(13 * HOUR))).toBe(false);
    expect(await previewValid(sql, long, at(11 * HOUR))).toBe(true);
  });

  it(`${name}: the hourly purge of ended sessions takes their previews; ending one needs only its token`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const owner = await person(sql, "owner");
    const s = await session(sql, owner);
    const p = await preview(sql, s);
    const kept = await preview(sql, await session(sql, owner));
    await sql.run("UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1", [s, iso(-2 * RULES.idleMs)]);
    await purgeExpired(tables, RULES);
    expect(await previewValid(sql, p, at())).toBe(false);
    expect(await previewRows(sql)).toBe(1);
    expect(await endPreview(sql, kept)).toBe(1);
    expect(await previewValid(sql, kept, at())).toBe(false);
    expect(await previewRows(sql)).toBe(0);
  });

  it(`${name}: a preview cannot name a session that does not exist`, async () => {
    const sql = await open();
    await expect(createPreview(sql, tokenHash("x"), tokenHash("no such session"), iso(HOUR))).rejects.toThrow();
    expect(await previewRows(sql)).toBe(0);
  });
}
