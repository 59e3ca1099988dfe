import type { Queryable } from "~/store/sql.server";
import { removeDevicesOf } from "~/store/push.server";
import { flag } from "~/store/schema.server";
import { may } from "~/utils/permissions";
import { isoTime } from "~/store/sql.server";
import type { Member } from "./members.server";
import { isoIn, looksLikeToken, newToken, tokenHash } from "./tokens.server";

export type StaffMember = Member & {
  siteEditor: boolean;
  /** The hash of the cookie's token, never the token. */
  session: string;
  passkeyId?: string;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set by server/staff-guard.ts. */
    staff?: StaffMember;
  }
}

export type SessionRules = {
  idleMs: number;
  maxMs: number;
  secure: boolean;
};

/** `__Host-` where allowed (Secure, Path=/, no Domain), so no subdomain or plain-HTTP page can set or overwrite it. */
const sessionCookieName = (secure: boolean) => (secure ? "__Host-staff" : "staff");

/** One last-seen write a minute per session, not one per request. */
const TOUCH_MS = 60_000;

function cookie(name: string, value: string, secure: boolean, maxAgeSeconds: number) {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    `Max-Age=${maxAgeSeconds}`,
  ].join("; ");
}

/** The last of the name, as browsers send the most specific first (a forged duplicate is refused anyway). */
export function sessionToken(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName(secure);
  let found: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
  }
  return found;
}

export async function startSession(
  sql: Queryable,
  rules: SessionRules,
  {
    member,
    passkeyId,
    userAgent,
    address,
  }: { member: Member; passkeyId?: string; userAgent?: string; address?: string },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await sql.run(
    `INSERT INTO staff_sessions (id_hash, member_id, passkey_id, created_at, last_seen_at, expires_at, user_agent, address)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [
      tokenHash(token),
      member.id,
      passkeyId ?? null,
      new Date(now).toISOString(),
      isoIn(rules.maxMs, now),
      userAgent?.slice(0, 300) ?? null,
      address?.slice(0, 100) ?? null,
    ],
  );
  return cookie(sessionCookieName(rules.secure), token, rules.secure, Math.floor(rules.maxMs / 1000));
}

export const endCookie = (rules: Pick<SessionRules, "secure">) =>
  cookie(sessionCookieName(rules.secure), "", rules.secure, 0);

export type SessionLookup =
  | { state: "none" }
  | { state: "valid"; staff: StaffMember }
  | { state: "refused"; reason: "malformed" | "unknown" | "idle" | "expired" };

/** Checked in the database on every request, so a sign-out or a removal on any replica ends it at once. */
export async function lookUpSession(
  sql: Queryable,
  rules: SessionRules,
  cookieHeader: string | null | undefined,
): Promise<SessionLookup> {
  const token = sessionToken(cookieHeader, rules.secure);
  if (token === undefined || token === "") return { state: "none" };
  if (!looksLikeToken(token)) return { state: "refused", reason: "malformed" };
  const hash = tokenHash(token);
  const [row] = await sql.all<{
    member_id: string;
    passkey_id: string | null;
    last_seen_at: unknown;
    expires_at: unknown;
    email: string;
    role: Member["role"];
    site_editor: number | boolean;
  }>(
    `SELECT s.member_id, s.passkey_id, s.last_seen_at, s.expires_at, m.email, m.role, m.site_editor
       FROM staff_sessions s JOIN staff_members m ON m.id = s.member_id WHERE s.id_hash = $1`,
    [hash],
  );
  if (!row) return { state: "refused", reason: "unknown" };
  const now = Date.now();
  const lastSeen = Date.parse(isoTime(row.last_seen_at) ?? "");
  const expires = Date.parse(isoTime(row.expires_at) ?? "");
  const ended = !(expires > now) ? "expired" : !(now - lastSeen < rules.idleMs) ? "idle" : undefined;
  if (ended) {
    await sql.run("DELETE FROM staff_sessions WHERE id_hash = $1", [hash]);
    return { state: "refused", reason: ended };
  }
  if (now - lastSeen >= TOUCH_MS)
    await sql.run("UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1", [
      hash,
      new Date(now).toISOString(),
    ]);
  return {
    state: "valid",
    staff: {
      id: String(row.member_id),
      email: row.email,
      role: row.role,
      siteEditor: may({ role: row.role, siteEditor: flag(row.site_editor) }, "editSite"),
      session: hash,
      passkeyId: row.passkey_id ?? undefined,
    },
  };
}

export const endSession = (sql: Queryable, session: string) =>
  sql.run("DELETE FROM staff_sessions WHERE id_hash = $1", [session]);

/** The alert devices go too: a revoked person must not keep reading enquiries' alerts on a phone. */
export async function endAllSessions(sql: Queryable, memberId: string): Promise<{ sessions: number; devices: number }> {
  const sessions = await sql.run("DELETE FROM staff_sessions WHERE member_id = $1", [memberId]);
  const devices = await removeDevicesOf(sql, memberId);
  return { sessions, devices };
}

export type SessionSummary = {
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  address?: string;
};

export async function sessionsOf(sql: Queryable, staff: StaffMember, device: (ua: string | null) => string) {
  const rows = await sql.all<{
    id_hash: string;
    created_at: unknown;
    last_seen_at: unknown;
    user_agent: string | null;
    address: string | null;
  }>(
    "SELECT id_hash, created_at, last_seen_at, user_agent, address FROM staff_sessions WHERE member_id = $1 AND expires_at > $2 ORDER BY last_seen_at DESC",
    [staff.id, new Date().toISOString()],
  );
  return rows.map((row): SessionSummary => ({
    current: row.id_hash === staff.session,
    createdAt: isoTime(row.created_at) ?? "",
    lastSeenAt: isoTime(row.last_seen_at) ?? "",
    device: device(row.user_agent),
    address: row.address ?? undefined,
  }));
}

/** Hourly; the limits' ended windows too, or one row per address or account would grow the table for ever. */
export async function purgeExpired(sql: Queryable, rules: Pick<SessionRules, "idleMs">): Promise<number> {
  const now = new Date().toISOString();
  const idleBefore = new Date(Date.now() - rules.idleMs).toISOString();
  return (
    (await sql.run("DELETE FROM staff_sessions WHERE expires_at < $1 OR last_seen_at < $2", [now, idleBefore])) +
    (await sql.run("DELETE FROM staff_challenges WHERE expires_at < $1", [now])) +
    (await sql.run("DELETE FROM staff_invitations WHERE expires_at < $1", [
      new Date(Date.now() - 30 * 86_400_000).toISOString(),
    ])) +
    (await sql.run("DELETE FROM staff_rate_limit WHERE expire IS NOT NULL AND expire < $1", [Date.now()]))
  );
}
