import type { StaffPart } from "~/store/staff-part.server";
import { may } from "~/utils/permissions";
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
  tables: StaffPart,
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
  await tables.startSession({
    hash: tokenHash(token),
    memberId: member.id,
    passkeyId,
    createdAt: new Date(now).toISOString(),
    expiresAt: isoIn(rules.maxMs, now),
    userAgent,
    address,
  });
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
  tables: StaffPart,
  rules: SessionRules,
  cookieHeader: string | null | undefined,
): Promise<SessionLookup> {
  const token = sessionToken(cookieHeader, rules.secure);
  if (token === undefined || token === "") return { state: "none" };
  if (!looksLikeToken(token)) return { state: "refused", reason: "malformed" };
  const hash = tokenHash(token);
  const row = await tables.session(hash);
  if (!row) return { state: "refused", reason: "unknown" };
  const now = Date.now();
  const lastSeen = Date.parse(row.lastSeenAt);
  const expires = Date.parse(row.expiresAt);
  const ended = !(expires > now) ? "expired" : !(now - lastSeen < rules.idleMs) ? "idle" : undefined;
  if (ended) {
    await tables.endSession(hash);
    return { state: "refused", reason: ended };
  }
  if (now - lastSeen >= TOUCH_MS) await tables.touchSession(hash, new Date(now).toISOString());
  return {
    state: "valid",
    staff: {
      id: row.memberId,
      email: row.email,
      role: row.role,
      siteEditor: may(row, "editSite"),
      session: hash,
      passkeyId: row.passkeyId,
    },
  };
}

export const endSession = (tables: StaffPart, session: string) => tables.endSession(session);

/** The alert devices go too: a revoked person must not keep reading enquiries' alerts on a phone. */
export const endAllSessions = (tables: StaffPart, memberId: string) => tables.endAllSessions(memberId);

export type SessionSummary = {
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  address?: string;
};

export async function sessionsOf(tables: StaffPart, staff: StaffMember, device: (ua: string | null) => string) {
  return (await tables.sessionsOf(staff.id, new Date().toISOString())).map((row): SessionSummary => ({
    current: row.hash === staff.session,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    device: device(row.userAgent),
    address: row.address,
  }));
}

/** Hourly; the limits' ended windows too, or one row per address or account would grow the table for ever. */
export async function purgeExpired(tables: StaffPart, rules: Pick<SessionRules, "idleMs">): Promise<number> {
  const now = Date.now();
  return tables.purgeExpired({
    now: new Date(now).toISOString(),
    idle: new Date(now - rules.idleMs).toISOString(),
    invitations: new Date(now - 30 * 86_400_000).toISOString(),
    limitsMs: now,
  });
}
