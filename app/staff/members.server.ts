import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Queryable, Sql } from "~/store/sql.server";
import { removeDevicesOf } from "~/store/push.server";
import { flag } from "~/store/schema.server";
import { isoTime } from "~/store/sql.server";
import { may, mayBeSiteEditor, type Role } from "~/utils/permissions";
import { STAFF_PATHS } from "./paths";
import { isoIn, looksLikeToken, newToken, tokenHash } from "./tokens.server";

export type { Role };

export type Member = { id: string; email: string; role: Role };

export type MemberSummary = Member & {
  createdAt: string;
  passkeys: number;
  lastUsedAt?: string;
  invitedUntil?: string;
  siteEditor: boolean;
};

const INVITATION_MS = 24 * 60 * 60 * 1000;

export function accountEmail(value: unknown): string | undefined {
  const parsed = z
    .email()
    .max(254)
    .safeParse(typeof value === "string" ? value.trim().toLowerCase() : undefined);
  return parsed.success ? parsed.data : undefined;
}

export class StaffCommandError extends Error {
  override name = "StaffCommandError";
}

type MemberRow = { id: string; email: string; role: Role };

export async function memberByEmail(sql: Queryable, email: string): Promise<Member | undefined> {
  const [row] = await sql.all<MemberRow>("SELECT id, email, role FROM staff_members WHERE email = $1", [email]);
  return row ? { id: String(row.id), email: row.email, role: row.role } : undefined;
}

export async function listMembers(sql: Queryable): Promise<MemberSummary[]> {
  const now = new Date().toISOString();
  const rows = await sql.all<
    MemberRow & {
      created_at: unknown;
      passkeys: unknown;
      last_used_at: unknown;
      invited_until: unknown;
      site_editor: number | boolean;
    }
  >(
    `SELECT m.id, m.email, m.role, m.created_at, m.site_editor,
        (SELECT count(*) FROM staff_passkeys p WHERE p.member_id = m.id) AS passkeys,
        (SELECT max(p.last_used_at) FROM staff_passkeys p WHERE p.member_id = m.id) AS last_used_at,
        (SELECT max(i.expires_at) FROM staff_invitations i WHERE i.member_id = m.id AND i.used_at IS NULL AND i.expires_at > $1) AS invited_until
       FROM staff_members m ORDER BY m.email`,
    [now],
  );
  return rows.map((row) => ({
    id: String(row.id),
    email: row.email,
    role: row.role,
    createdAt: isoTime(row.created_at) ?? "",
    passkeys: Number(row.passkeys),
    lastUsedAt: isoTime(row.last_used_at),
    invitedUntil: isoTime(row.invited_until),
    siteEditor: may({ role: row.role, siteEditor: flag(row.site_editor) }, "editSite"),
  }));
}

/** The address it changed; refused for an owner (who has the Site section anyway) or nobody. */
export async function setSiteEditor(sql: Queryable, email: string, allowed: boolean): Promise<string> {
  const address = accountEmail(email);
  const member = address ? await memberByEmail(sql, address) : undefined;
  if (!member || !mayBeSiteEditor(member))
    throw new StaffCommandError("Only a member of staff (not an owner) can be allowed or stopped.");
  await sql.run("UPDATE staff_members SET site_editor = $2 WHERE id = $1", [member.id, allowed]);
  return member.email;
}

/** The earlier unused ones stop working; the database keeps only the token's hash. */
async function newInvitation(tx: Queryable, memberId: string, by: string | undefined, siteUrl: string) {
  const token = newToken();
  const now = Date.now();
  await tx.run("DELETE FROM staff_invitations WHERE member_id = $1 AND used_at IS NULL", [memberId]);
  await tx.run(
    `INSERT INTO staff_invitations (token_hash, member_id, created_at, expires_at, created_by) VALUES ($1, $2, $3, $4, $5)`,
    [tokenHash(token), memberId, new Date(now).toISOString(), isoIn(INVITATION_MS, now), by ?? null],
  );
  return { link: `${siteUrl}${STAFF_PATHS.invitation}?token=${token}`, expiresAt: isoIn(INVITATION_MS, now) };
}

export async function invite(
  sql: Sql,
  { email, role, by, siteUrl }: { email: string; role: Role; by?: string; siteUrl: string },
): Promise<{ member: Member; link: string; expiresAt: string }> {
  const address = accountEmail(email);
  if (!address) throw new StaffCommandError(`"${email}" is not an e-mail address`);
  return sql.transaction(async (tx) => {
    if (await memberByEmail(tx, address))
      throw new StaffCommandError(`${address} already has an account: "reset ${address}" gives them a new link`);
    const member = { id: randomUUID(), email: address, role };
    await tx.run("INSERT INTO staff_members (id, email, role, created_at, created_by) VALUES ($1, $2, $3, $4, $5)", [
      member.id,
      member.email,
      member.role,
      new Date().toISOString(),
      by ?? null,
    ]);
    return { member, ...(await newInvitation(tx, member.id, by, siteUrl)) };
  });
}

/** A lost phone: every session ends at once; the passkeys stay until a new one is registered, then the old ones are
 * removed by hand. */
export async function reset(sql: Sql, { email, by, siteUrl }: { email: string; by?: string; siteUrl: string }) {
  const address = accountEmail(email);
  const member = address ? await memberByEmail(sql, address) : undefined;
  if (!member) throw new StaffCommandError(`${email} has no account`);
  return {
    member,
    ...(await sql.transaction(async (tx) => {
      // A lost phone: its sessions end and the alerts it had stop (decision 0039).
      await tx.run("DELETE FROM staff_sessions WHERE member_id = $1", [member.id]);
      await removeDevicesOf(tx, member.id);
      return newInvitation(tx, member.id, by, siteUrl);
    })),
  };
}

/** Everything of the account goes at once, so its sessions' next request is refused. The last owner stays. */
export async function removeMember(sql: Sql, email: string): Promise<Member> {
  const address = accountEmail(email);
  return sql.transaction(async (tx) => {
    const member = address ? await memberByEmail(tx, address) : undefined;
    if (!member) throw new StaffCommandError(`${email} has no account`);
    if (member.role === "owner") {
      const [owners] = await tx.all<{ n: unknown }>("SELECT count(*) AS n FROM staff_members WHERE role = 'owner'");
      if (Number(owners?.n) <= 1)
        throw new StaffCommandError(`${member.email} is the only owner: invite another owner first`);
    }
    await tx.run("DELETE FROM staff_sessions WHERE member_id = $1", [member.id]);
    await tx.run("DELETE FROM staff_members WHERE id = $1", [member.id]);
    return member;
  });
}

export type InvitationState =
  | { ok: true; member: Member; tokenHash: string; expiresAt: string }
  | { ok: false; reason: "unknown" | "expired" | "used" };

export async function openInvitation(sql: Queryable, token: unknown): Promise<InvitationState> {
  if (!looksLikeToken(token)) return { ok: false, reason: "unknown" };
  const hash = tokenHash(token);
  const [row] = await sql.all<MemberRow & { expires_at: unknown; used_at: unknown }>(
    `SELECT m.id, m.email, m.role, i.expires_at, i.used_at FROM staff_invitations i
       JOIN staff_members m ON m.id = i.member_id WHERE i.token_hash = $1`,
    [hash],
  );
  if (!row) return { ok: false, reason: "unknown" };
  if (row.used_at !== null) return { ok: false, reason: "used" };
  const expiresAt = isoTime(row.expires_at) ?? "";
  if (Date.parse(expiresAt) <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, member: { id: String(row.id), email: row.email, role: row.role }, tokenHash: hash, expiresAt };
}

/** True for the one request that spends it (single use, across replicas). */
export async function spendInvitation(tx: Queryable, hash: string): Promise<boolean> {
  const now = new Date().toISOString();
  return (
    (await tx.run(
      "UPDATE staff_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
      [hash, now],
    )) === 1
  );
}
