import { expect, it } from "vitest";
import type { Sql } from "~/store/sql.server";
import { pushPartOf } from "~/store/push-part.server";
import { staffPartOf } from "~/store/staff-part.server";
import { createStaffLimits } from "~/staff/limits.server";
import {
  invite,
  listMembers,
  openInvitation,
  removeMember,
  reset,
  setSiteEditor,
  StaffCommandError,
} from "~/staff/members.server";
import {
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  signInOptions,
  verifySignIn,
} from "~/staff/passkeys.server";
import { devicesOf, SubscriptionForm, subscribeDevice } from "~/staff/push-devices.server";
import { endAllSessions, endSession, lookUpSession, purgeExpired, startSession } from "~/staff/session.server";
import { parsePushServices, type PushService } from "~/utils/push-services.server";
import { makeDevice } from "../support/push-stand-in";
import { softAuthenticator } from "../support/soft-authenticator";

const SITE = "http://localhost:3000";
const RULES = { idleMs: 60_000 * 30, maxMs: 3_600_000, secure: false };
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

/** As registration would keep it: the WebAuthn proof itself is Chromium's, in tests/e2e/ops/staff.spec.ts. */
async function plantPasskey(sql: Sql, memberId: string, id: string) {
  await sql.run(
    `INSERT INTO staff_passkeys (id, member_id, public_key, counter, device, created_at) VALUES ($1, $2, 'AA', 0, 'Chrome on Linux', $3)`,
    [id, memberId, new Date().toISOString()],
  );
}

export function staffContract(name: string, open: () => Promise<Sql>) {
  it(`${name}: an invitation opens once, for a day, and only by its token (the database keeps its hash)`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const made = await invite(tables, { email: " Ana@Example.COM ", role: "owner", siteUrl: SITE });
    expect(made.member.email).toBe("ana@example.com");
    const token = tokenOf(made.link);
    const [row] = await sql.all<{ token_hash: string }>("SELECT token_hash FROM staff_invitations");
    expect(row!.token_hash).not.toContain(token);
    const opened = await openInvitation(tables, token);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const passkey = (id: string) => ({
      id,
      memberId: made.member.id,
      publicKey: "AA",
      counter: 0,
      device: "d",
      backedUp: false,
    });
    const at = new Date().toISOString();
    const kept = await Promise.all([
      tables.keepPasskey(passkey("first"), at, opened.tokenHash),
      tables.keepPasskey(passkey("second"), at, opened.tokenHash),
    ]);
    expect(kept.sort()).toEqual(["invitation", "kept"]);
    expect(await sql.all("SELECT id FROM staff_passkeys")).toHaveLength(1);
    expect(await openInvitation(tables, token)).toEqual({ ok: false, reason: "used" });
    expect(await openInvitation(tables, "x".repeat(43))).toEqual({ ok: false, reason: "unknown" });
    expect(await openInvitation(tables, "'; DROP TABLE staff_members; --")).toEqual({ ok: false, reason: "unknown" });
    await expect(invite(tables, { email: "ana@example.com", role: "staff", siteUrl: SITE })).rejects.toThrow(
      StaffCommandError,
    );
    await expect(invite(tables, { email: "not an address", role: "staff", siteUrl: SITE })).rejects.toThrow(
      StaffCommandError,
    );

    const expired = await invite(tables, { email: "late@example.com", role: "staff", siteUrl: SITE });
    await sql.run("UPDATE staff_invitations SET expires_at = $1 WHERE member_id = $2", [
      "2000-01-01T00:00:00.000Z",
      expired.member.id,
    ]);
    expect(await openInvitation(tables, tokenOf(expired.link))).toEqual({ ok: false, reason: "expired" });
    const again = await reset(tables, { email: "late@example.com", siteUrl: SITE });
    expect((await openInvitation(tables, tokenOf(again.link))).ok).toBe(true);
    const third = await reset(tables, { email: "late@example.com", siteUrl: SITE });
    expect(await openInvitation(tables, tokenOf(again.link))).toEqual({ ok: false, reason: "unknown" });
    expect((await openInvitation(tables, tokenOf(third.link))).ok).toBe(true);
  });

  it(`${name}: sessions are rows: found by the cookie's token, ended by sign-out, idleness, age, removal`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const owner = (await invite(tables, { email: "owner@example.com", role: "owner", siteUrl: SITE })).member;
    const staff = (await invite(tables, { email: "marko@example.com", role: "staff", siteUrl: SITE })).member;
    await plantPasskey(sql, staff.id, "key-1");
    await plantPasskey(sql, staff.id, "key-2");
    const one = cookieOf(await startSession(tables, RULES, { member: staff, passkeyId: "key-1", userAgent: "UA" }));
    const two = cookieOf(await startSession(tables, RULES, { member: staff, passkeyId: "key-2" }));
    const found = await lookUpSession(tables, RULES, `other=1; ${one}`);
    expect(found.state === "valid" && found.staff.email).toBe("marko@example.com");
    expect(await lookUpSession(tables, RULES, "staff=" + "A".repeat(43))).toEqual({
      state: "refused",
      reason: "unknown",
    });
    expect(await lookUpSession(tables, RULES, "staff=short")).toEqual({ state: "refused", reason: "malformed" });
    expect(await lookUpSession(tables, RULES, undefined)).toEqual({ state: "none" });

    expect(await removePasskey(tables, staff.id, "key-1")).toBe("removed");
    expect((await lookUpSession(tables, RULES, one)).state).toBe("refused");
    expect((await lookUpSession(tables, RULES, two)).state).toBe("valid");
    // The last passkey stays; another person's passkey cannot be removed through this one.
    expect(await removePasskey(tables, staff.id, "key-2")).toBe("last");
    expect(await removePasskey(tables, owner.id, "key-2")).toBe("unknown");

    await sql.run("UPDATE staff_sessions SET last_seen_at = $1", ["2000-01-01T00:00:00.000Z"]);
    expect(await lookUpSession(tables, RULES, two)).toEqual({ state: "refused", reason: "idle" });
    const three = cookieOf(await startSession(tables, RULES, { member: staff }));
    await sql.run("UPDATE staff_sessions SET expires_at = $1", ["2000-01-01T00:00:00.000Z"]);
    expect(await lookUpSession(tables, RULES, three)).toEqual({ state: "refused", reason: "expired" });

    const four = cookieOf(await startSession(tables, RULES, { member: staff }));
    const five = cookieOf(await startSession(tables, RULES, { member: staff }));
    const found4 = await lookUpSession(tables, RULES, four);
    if (found4.state === "valid") await endSession(tables, found4.staff.session);
    expect((await lookUpSession(tables, RULES, four)).state).toBe("refused");
    expect((await lookUpSession(tables, RULES, five)).state).toBe("valid");
    expect(await endAllSessions(tables, staff.id)).toEqual({ sessions: 1, devices: 0 });
    const six = cookieOf(await startSession(tables, RULES, { member: staff }));
    await removeMember(tables, "Marko@example.com");
    expect((await lookUpSession(tables, RULES, six)).state).toBe("refused");
    expect((await listMembers(tables)).map((m) => m.email)).toEqual(["owner@example.com"]);
    await expect(removeMember(tables, "owner@example.com")).rejects.toThrow(/only owner/);

    const phone = cookieOf(await startSession(tables, RULES, { member: owner }));
    await reset(tables, { email: "owner@example.com", siteUrl: SITE });
    expect((await lookUpSession(tables, RULES, phone)).state).toBe("refused");

    // The chores forget sign-in counters whose window has ended (one row per address otherwise).
    await sql.run("INSERT INTO staff_rate_limit (key, points, expire) VALUES ($1, 1, $2), ($3, 1, $4)", [
      "staff-address:203.0.113.1",
      Date.now() - 1_000,
      "staff-address:203.0.113.2",
      Date.now() + 60_000,
    ]);
    expect(await purgeExpired(tables, RULES)).toBeGreaterThanOrEqual(1);
    expect((await sql.all<{ key: string }>("SELECT key FROM staff_rate_limit")).map((r) => r.key)).toEqual([
      "staff-address:203.0.113.2",
    ]);
  });

  it(`${name}: sign-in options are the same for everyone and name no passkey; a challenge is spent once`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const rp = relyingParty(SITE);
    const member = (await invite(tables, { email: "eva@example.com", role: "staff", siteUrl: SITE })).member;
    await plantPasskey(sql, member.id, "eva-key");
    const options = await signInOptions(tables, rp);
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe("required");
    expect(Object.keys(JSON.parse(JSON.stringify(options))).sort()).toEqual([
      "challenge",
      "rpId",
      "timeout",
      "userVerification",
    ]);
    expect((await signInOptions(tables, rp)).challenge).not.toBe(options.challenge);
    const registration = await registrationOptions(tables, rp, member);
    expect(registration.excludeCredentials?.map((c) => c.id)).toEqual(["eva-key"]);
    expect(registration.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(registration.rp.id).toBe("localhost");
    const spent = await sql.all("DELETE FROM staff_challenges WHERE challenge = $1 RETURNING purpose", [
      registration.challenge,
    ]);
    expect(spent).toHaveLength(1);
    expect(
      await sql.all("DELETE FROM staff_challenges WHERE challenge = $1 RETURNING purpose", [registration.challenge]),
    ).toHaveLength(0);
  });

  it(`${name}: a passkey is made and used only with the person verified (UV); an assertion for another account is refused`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const rp = relyingParty(SITE);
    const member = (await invite(tables, { email: "uv@example.com", role: "staff", siteUrl: SITE })).member;
    const other = (await invite(tables, { email: "other@example.com", role: "staff", siteUrl: SITE })).member;
    const device = softAuthenticator(SITE);
    // A security key without its PIN (UV=0) makes no passkey.
    const unverified = device.register(await registrationOptions(tables, rp, member), { verified: false });
    expect(await registerPasskey(tables, rp, { member, response: unverified })).toEqual({
      ok: false,
      reason: "invalid",
    });
    const made = await registerPasskey(tables, rp, {
      member,
      response: device.register(await registrationOptions(tables, rp, member)),
    });
    expect(made).toMatchObject({ ok: true });

    const refused = await verifySignIn(tables, rp, device.assert(await signInOptions(tables, rp), { verified: false }));
    expect(refused).toMatchObject({ ok: false, reason: "invalid", member: { id: member.id } });
    const signedIn = await verifySignIn(tables, rp, device.assert(await signInOptions(tables, rp)));
    expect(signedIn).toMatchObject({ ok: true, member: { id: member.id, email: "uv@example.com" } });

    const forged = device.assert(await signInOptions(tables, rp));
    forged.response.userHandle = Buffer.from(other.id).toString("base64url");
    expect(await verifySignIn(tables, rp, forged)).toMatchObject({ ok: false, reason: "user-handle" });
  });

  it(`${name}: a member of staff is allowed the Site section and stopped; an owner or nobody is refused, by name`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    await invite(tables, { email: "crew@example.com", role: "staff", siteUrl: SITE });
    await invite(tables, { email: "boss@example.com", role: "owner", siteUrl: SITE });
    expect(await setSiteEditor(tables, " Crew@Example.com ", true)).toBe("crew@example.com");
    expect((await listMembers(tables)).find((m) => m.email === "crew@example.com")).toMatchObject({ siteEditor: true });
    expect(await setSiteEditor(tables, "crew@example.com", false)).toBe("crew@example.com");
    for (const email of ["boss@example.com", "nobody@example.com", "not an address"])
      await expect(setSiteEditor(tables, email, true)).rejects.toThrow(StaffCommandError);
  });

  it(`${name}: one browser turning alerts on several times at once keeps one device, and every answer is ok`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    const push = pushPartOf(sql, async () => {});
    const { member } = await invite(tables, { email: "twice@example.com", role: "staff", siteUrl: SITE });
    const services = parsePushServices("fcm.googleapis.com") as PushService[];
    const form = SubscriptionForm.parse({ endpoint: "https://fcm.googleapis.com/fcm/send/twice", ...makeDevice() });
    // Connections open first, so the six transactions overlap rather than queue for them.
    await Promise.all(Array.from({ length: 6 }, () => sql.transaction((tx) => tx.all("SELECT 1 AS one"))));
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        subscribeDevice(push, member, { ...form, fallbackName: "Phone", language: "en" }, { services, maxDevices: 10 }),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await devicesOf(push, member.id, new Date().toISOString())).toHaveLength(1);
  });

  it(`${name}: the audit log pages newest first and forgets entries past its time`, async () => {
    const sql = await open();
    const tables = staffPartOf(sql, async () => {});
    for (let i = 0; i < 5; i++)
      await tables.audit({ event: "sign-in", outcome: "ok", subject: `n${i}`, detail: { i } });
    const first = await tables.auditEntries({ limit: 3 });
    expect(first.entries.map((e) => e.subject)).toEqual(["n4", "n3", "n2"]);
    const next = await tables.auditEntries({ limit: 3, before: first.more });
    expect(next.entries.map((e) => e.subject)).toEqual(["n1", "n0"]);
    expect(next.more).toBeUndefined();
    expect(first.entries[0]!.detail).toEqual({ i: 4 });
    await sql.run("UPDATE staff_audit SET at = $1 WHERE subject = 'n0'", ["2000-01-01T00:00:00.000Z"]);
    expect(await tables.purgeAudit(30)).toBe(1);
  });
}

export function limitsContract(name: string, where: () => Promise<Parameters<typeof createStaffLimits>[0]>) {
  it(`${name}: attempts from one address are counted across replicas; failures per account lock that account only`, async () => {
    const options = { addressMax: 3, accountMax: 2, windowSeconds: 60 };
    const a = createStaffLimits(await where(), options);
    const b = createStaffLimits(await where(), options);
    const verdicts = [
      await a.address("203.0.113.1"),
      await b.address("203.0.113.1"),
      await a.address("203.0.113.1"),
      await b.address("203.0.113.1"),
    ];
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect((await a.address("203.0.113.2")).allowed).toBe(true);
    expect((await a.accountLocked("m1")).allowed).toBe(true);
    await a.accountFailure("m1");
    await b.accountFailure("m1");
    expect((await b.accountLocked("m1")).allowed).toBe(false);
    expect((await a.accountLocked("m2")).allowed).toBe(true);
  });
}
