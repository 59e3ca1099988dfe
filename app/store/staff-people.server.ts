// The staff area's people (members, invitations, sessions, challenges, passkeys): each unit of work one transaction.
import type { Role } from "~/utils/permissions";
import { removeDevicesOf } from "./push.server";
import { flag, whole, type TableRow } from "./schema.server";
import { isoTime, type Queryable, type Sql } from "./sql.server";

export type Member = { id: string; email: string; role: Role };

type MemberRow = Pick<TableRow<"staff_members">, "id" | "email" | "role">;
const memberOf = (row: MemberRow): Member => ({ id: row.id, email: row.email, role: row.role as Role });

/** A link's token is never stored: only its hash. */
export type NewInvitation = { hash: string; createdAt: string; expiresAt: string; by?: string };

async function insertInvitation(tx: Queryable, memberId: string, invitation: NewInvitation) {
  // The earlier unused ones stop working.
  await tx.run("DELETE FROM staff_invitations WHERE member_id = $1 AND used_at IS NULL", [memberId]);
  await tx.run(
    `INSERT INTO staff_invitations (token_hash, member_id, created_at, expires_at, created_by) VALUES ($1, $2, $3, $4, $5)`,
    [invitation.hash, memberId, invitation.createdAt, invitation.expiresAt, invitation.by ?? null],
  );
}

async function memberByEmail(q: Queryable, email: string): Promise<Member | undefined> {
  const [row] = await q.all<MemberRow>("SELECT id, email, role FROM staff_members WHERE email = $1", [email]);
  return row && memberOf(row);
}

export type MemberListing = Member & {
  createdAt: string;
  /** The owner's grant as stored; whether they may edit is the permission rule's. */
  siteEditor: boolean;
  passkeys: number;
  lastUsedAt?: string;
  invitedUntil?: string;
};

export type PasskeyListing = { id: string; device: string; createdAt: string; lastUsedAt?: string; backedUp: boolean };

export type NewPasskey = {
  id: string;
  memberId: string;
  publicKey: string;
  counter: number;
  transports?: string;
  device: string;
  backedUp: boolean;
};

export type SessionFound = {
  memberId: string;
  passkeyId?: string;
  lastSeenAt: string;
  expiresAt: string;
  email: string;
  role: Role;
  siteEditor: boolean;
};

export function staffPeopleOf(sql: Sql) {
  return {
    memberByEmail: (email: string) => memberByEmail(sql, email),

    async listMembers(now: string): Promise<MemberListing[]> {
      const rows = await sql.all<
        MemberRow &
          Pick<TableRow<"staff_members">, "created_at" | "site_editor"> & {
            passkeys: number | string;
            last_used_at: string | Date | null;
            invited_until: string | Date | null;
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
        ...memberOf(row),
        createdAt: isoTime(row.created_at) ?? "",
        siteEditor: flag(row.site_editor),
        passkeys: whole(row.passkeys),
        lastUsedAt: isoTime(row.last_used_at),
        invitedUntil: isoTime(row.invited_until),
      }));
    },

    setSiteEditor: (memberId: string, allowed: boolean) =>
      sql.run("UPDATE staff_members SET site_editor = $2 WHERE id = $1", [memberId, allowed]),

    /** An account and its first link together; undefined when the address already has one. */
    addMember: (member: Member, invitation: NewInvitation) =>
      sql.transaction(async (tx) => {
        if (await memberByEmail(tx, member.email)) return undefined;
        await tx.run(
          "INSERT INTO staff_members (id, email, role, created_at, created_by) VALUES ($1, $2, $3, $4, $5)",
          [member.id, member.email, member.role, invitation.createdAt, invitation.by ?? null],
        );
        await insertInvitation(tx, member.id, invitation);
        return member;
      }),

    /** A lost phone: its sessions end and the alerts it had stop (decision 0039), and a new link replaces the old. */
    resetMember: (memberId: string, invitation: NewInvitation) =>
      sql.transaction(async (tx) => {
        await tx.run("DELETE FROM staff_sessions WHERE member_id = $1", [memberId]);
        await removeDevicesOf(tx, memberId);
        await insertInvitation(tx, memberId, invitation);
      }),

    /** Everything of the account goes at once. The last owner stays: "last-owner". */
    removeMember: (email: string) =>
      sql.transaction(async (tx): Promise<Member | "unknown" | "last-owner"> => {
        const member = await memberByEmail(tx, email);
        if (!member) return "unknown";
        if (member.role === "owner") {
          const [owners] = await tx.all<{ n: number | string }>(
            "SELECT count(*) AS n FROM staff_members WHERE role = 'owner'",
          );
          if (whole(owners?.n ?? 0) <= 1) return "last-owner";
        }
        await tx.run("DELETE FROM staff_sessions WHERE member_id = $1", [member.id]);
        await tx.run("DELETE FROM staff_members WHERE id = $1", [member.id]);
        return member;
      }),

    async invitation(hash: string) {
      const [row] = await sql.all<MemberRow & Pick<TableRow<"staff_invitations">, "expires_at" | "used_at">>(
        `SELECT m.id, m.email, m.role, i.expires_at, i.used_at FROM staff_invitations i
           JOIN staff_members m ON m.id = i.member_id WHERE i.token_hash = $1`,
        [hash],
      );
      return row && { member: memberOf(row), expiresAt: isoTime(row.expires_at) ?? "", used: row.used_at !== null };
    },

    startSession: (session: {
      hash: string;
      memberId: string;
      passkeyId?: string;
      createdAt: string;
      expiresAt: string;
      userAgent?: string;
      address?: string;
    }) =>
      sql.run(
        `INSERT INTO staff_sessions (id_hash, member_id, passkey_id, created_at, last_seen_at, expires_at, user_agent, address)
           VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
        [
          session.hash,
          session.memberId,
          session.passkeyId ?? null,
          session.createdAt,
          session.expiresAt,
          session.userAgent?.slice(0, 300) ?? null,
          session.address?.slice(0, 100) ?? null,
        ],
      ),

    async session(hash: string): Promise<SessionFound | undefined> {
      const [row] = await sql.all<
        Pick<TableRow<"staff_sessions">, "member_id" | "passkey_id" | "last_seen_at" | "expires_at"> &
          Pick<TableRow<"staff_members">, "email" | "role" | "site_editor">
      >(
        `SELECT s.member_id, s.passkey_id, s.last_seen_at, s.expires_at, m.email, m.role, m.site_editor
           FROM staff_sessions s JOIN staff_members m ON m.id = s.member_id WHERE s.id_hash = $1`,
        [hash],
      );
      return (
        row && {
          memberId: row.member_id,
          passkeyId: row.passkey_id ?? undefined,
          lastSeenAt: isoTime(row.last_seen_at) ?? "",
          expiresAt: isoTime(row.expires_at) ?? "",
          email: row.email,
          role: row.role as Role,
          siteEditor: flag(row.site_editor),
        }
      );
    },

    touchSession: (hash: string, at: string) =>
      sql.run("UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1", [hash, at]),

    endSession: (hash: string) => sql.run("DELETE FROM staff_sessions WHERE id_hash = $1", [hash]),

    /** The alert devices go too: a revoked person must not keep reading enquiries' alerts on a phone. */
    async endAllSessions(memberId: string): Promise<{ sessions: number; devices: number }> {
      const sessions = await sql.run("DELETE FROM staff_sessions WHERE member_id = $1", [memberId]);
      const devices = await removeDevicesOf(sql, memberId);
      return { sessions, devices };
    },

    async sessionsOf(memberId: string, now: string) {
      const rows = await sql.all<
        Pick<TableRow<"staff_sessions">, "id_hash" | "created_at" | "last_seen_at" | "user_agent" | "address">
      >(
        "SELECT id_hash, created_at, last_seen_at, user_agent, address FROM staff_sessions WHERE member_id = $1 AND expires_at > $2 ORDER BY last_seen_at DESC",
        [memberId, now],
      );
      return rows.map((row) => ({
        hash: row.id_hash,
        createdAt: isoTime(row.created_at) ?? "",
        lastSeenAt: isoTime(row.last_seen_at) ?? "",
        userAgent: row.user_agent,
        address: row.address ?? undefined,
      }));
    },

    /** Sessions ended or idle, challenges and old invitations past their time, the limits' ended windows. */
    purgeExpired: async (before: { now: string; idle: string; invitations: string; limitsMs: number }) =>
      (await sql.run("DELETE FROM staff_sessions WHERE expires_at < $1 OR last_seen_at < $2", [
        before.now,
        before.idle,
      ])) +
      (await sql.run("DELETE FROM staff_challenges WHERE expires_at < $1", [before.now])) +
      (await sql.run("DELETE FROM staff_invitations WHERE expires_at < $1", [before.invitations])) +
      (await sql.run("DELETE FROM staff_rate_limit WHERE expire IS NOT NULL AND expire < $1", [before.limitsMs])),

    async keepChallenge(challenge: {
      challenge: string;
      purpose: "register" | "sign-in";
      memberId?: string;
      invitationHash?: string;
      expiresAt: string;
    }) {
      await sql.run("DELETE FROM staff_challenges WHERE expires_at < $1", [new Date().toISOString()]);
      await sql.run(
        "INSERT INTO staff_challenges (challenge, purpose, member_id, invitation_hash, expires_at) VALUES ($1, $2, $3, $4, $5)",
        [
          challenge.challenge,
          challenge.purpose,
          challenge.memberId ?? null,
          challenge.invitationHash ?? null,
          challenge.expiresAt,
        ],
      );
    },

    /** Single use across replicas: the DELETE … RETURNING takes it out. */
    async spendChallenge(challenge: string, purpose: "register" | "sign-in") {
      const [row] = await sql.all<Pick<TableRow<"staff_challenges">, "member_id" | "invitation_hash" | "expires_at">>(
        "DELETE FROM staff_challenges WHERE challenge = $1 AND purpose = $2 RETURNING member_id, invitation_hash, expires_at",
        [challenge, purpose],
      );
      return (
        row && {
          memberId: row.member_id ?? undefined,
          invitationHash: row.invitation_hash ?? undefined,
          expiresAt: isoTime(row.expires_at) ?? "",
        }
      );
    },

    async passkeysOf(memberId: string): Promise<PasskeyListing[]> {
      const rows = await sql.all<
        Pick<TableRow<"staff_passkeys">, "id" | "device" | "backed_up" | "created_at" | "last_used_at">
      >(
        "SELECT id, device, backed_up, created_at, last_used_at FROM staff_passkeys WHERE member_id = $1 ORDER BY created_at",
        [memberId],
      );
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        createdAt: isoTime(row.created_at) ?? "",
        lastUsedAt: isoTime(row.last_used_at),
        backedUp: flag(row.backed_up),
      }));
    },

    passkeyIdsOf: (memberId: string) =>
      sql.all<Pick<TableRow<"staff_passkeys">, "id" | "transports">>(
        "SELECT id, transports FROM staff_passkeys WHERE member_id = $1",
        [memberId],
      ),

    /** Kept as its invitation, if any, is spent (single use, across replicas): both or neither. */
    keepPasskey: (passkey: NewPasskey, at: string, invitationHash?: string) =>
      sql.transaction(async (tx): Promise<"kept" | "invitation" | "duplicate"> => {
        if (invitationHash) {
          const spent = await tx.run(
            "UPDATE staff_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
            [invitationHash, at],
          );
          if (spent !== 1) return "invitation";
        }
        const [taken] = await tx.all("SELECT id FROM staff_passkeys WHERE id = $1", [passkey.id]);
        if (taken) return "duplicate";
        await tx.run(
          `INSERT INTO staff_passkeys (id, member_id, public_key, counter, transports, device, backed_up, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            passkey.id,
            passkey.memberId,
            passkey.publicKey,
            passkey.counter,
            passkey.transports ?? null,
            passkey.device,
            passkey.backedUp ? 1 : 0,
            at,
          ],
        );
        return "kept";
      }),

    async passkeyForSignIn(id: string) {
      const [row] = await sql.all<
        Pick<TableRow<"staff_passkeys">, "id" | "member_id" | "public_key" | "counter" | "transports"> &
          Pick<TableRow<"staff_members">, "email" | "role">
      >(
        `SELECT p.id, p.member_id, p.public_key, p.counter, p.transports, m.email, m.role
           FROM staff_passkeys p JOIN staff_members m ON m.id = p.member_id WHERE p.id = $1`,
        [id],
      );
      return (
        row && {
          id: row.id,
          member: memberOf({ id: row.member_id, email: row.email, role: row.role }),
          publicKey: row.public_key,
          counter: whole(row.counter),
          transports: row.transports,
        }
      );
    },

    notePasskeyUse: (id: string, counter: number, at: string) =>
      sql.run("UPDATE staff_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1", [id, counter, at]),

    /** The last passkey of an account stays; the sessions it made go with it. */
    removePasskey: (memberId: string, passkeyId: string) =>
      sql.transaction(async (tx): Promise<"removed" | "last" | "unknown"> => {
        const rows = await tx.all<Pick<TableRow<"staff_passkeys">, "id">>(
          "SELECT id FROM staff_passkeys WHERE member_id = $1",
          [memberId],
        );
        if (!rows.some((row) => row.id === passkeyId)) return "unknown";
        if (rows.length <= 1) return "last";
        await tx.run("DELETE FROM staff_sessions WHERE passkey_id = $1", [passkeyId]);
        await tx.run("DELETE FROM staff_passkeys WHERE id = $1 AND member_id = $2", [passkeyId, memberId]);
        return "removed";
      }),
  };
}
