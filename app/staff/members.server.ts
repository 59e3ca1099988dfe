import { randomUUID } from "node:crypto";
import * as z from "zod";
import type { Member, NewInvitation } from "~/store/staff-people.server";
import type { StaffPart } from "~/store/staff-part.server";
import { may, mayBeSiteEditor, type Role } from "~/utils/permissions";
import { STAFF_PATHS } from "./paths";
import { isoIn, looksLikeToken, newToken, tokenHash } from "./tokens.server";

export type { Member };

export type MemberSummary = Member & {
  createdAt: string;
  passkeys: number;
  lastUsedAt?: string;
  invitedUntil?: string;
  /** Whether they may edit the site (an owner always may). */
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

export const memberByEmail = (tables: StaffPart, email: string) => tables.memberByEmail(email);

export async function listMembers(tables: StaffPart): Promise<MemberSummary[]> {
  return (await tables.listMembers(new Date().toISOString())).map((row) => ({
    ...row,
    siteEditor: may(row, "editSite"),
  }));
}

/** The address it changed; refused for an owner (who has the Site section anyway) or nobody. */
export async function setSiteEditor(tables: StaffPart, email: string, allowed: boolean): Promise<string> {
  const address = accountEmail(email);
  const member = address ? await tables.memberByEmail(address) : undefined;
  if (!member || !mayBeSiteEditor(member))
    throw new StaffCommandError("Only a member of staff (not an owner) can be allowed or stopped.");
  await tables.setSiteEditor(member.id, allowed);
  return member.email;
}

/** The earlier unused ones stop working; the database keeps only the token's hash. */
function newInvitation(by: string | undefined, siteUrl: string) {
  const token = newToken();
  const now = Date.now();
  const kept: NewInvitation = {
    hash: tokenHash(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: isoIn(INVITATION_MS, now),
    by,
  };
  return { kept, link: `${siteUrl}${STAFF_PATHS.invitation}?token=${token}`, expiresAt: kept.expiresAt };
}

export async function invite(
  tables: StaffPart,
  { email, role, by, siteUrl }: { email: string; role: Role; by?: string; siteUrl: string },
): Promise<{ member: Member; link: string; expiresAt: string }> {
  const address = accountEmail(email);
  if (!address) throw new StaffCommandError(`"${email}" is not an e-mail address`);
  const { kept, link, expiresAt } = newInvitation(by, siteUrl);
  const member = await tables.addMember({ id: randomUUID(), email: address, role }, kept);
  if (!member)
    throw new StaffCommandError(`${address} already has an account: "reset ${address}" gives them a new link`);
  return { member, link, expiresAt };
}

/** A lost phone: every session ends at once; the passkeys stay until a new one is registered, then the old ones are
 * removed by hand. */
export async function reset(
  tables: StaffPart,
  { email, by, siteUrl }: { email: string; by?: string; siteUrl: string },
) {
  const address = accountEmail(email);
  const member = address ? await tables.memberByEmail(address) : undefined;
  if (!member) throw new StaffCommandError(`${email} has no account`);
  const { kept, link, expiresAt } = newInvitation(by, siteUrl);
  await tables.resetMember(member.id, kept);
  return { member, link, expiresAt };
}

/** Everything of the account goes at once, so its sessions' next request is refused. The last owner stays. */
export async function removeMember(tables: StaffPart, email: string): Promise<Member> {
  const address = accountEmail(email);
  const removed = address ? await tables.removeMember(address) : "unknown";
  if (removed === "unknown") throw new StaffCommandError(`${email} has no account`);
  if (removed === "last-owner") throw new StaffCommandError(`${address} is the only owner: invite another owner first`);
  return removed;
}

export type InvitationState =
  | { ok: true; member: Member; tokenHash: string; expiresAt: string }
  | { ok: false; reason: "unknown" | "expired" | "used" };

export async function openInvitation(tables: StaffPart, token: unknown): Promise<InvitationState> {
  if (!looksLikeToken(token)) return { ok: false, reason: "unknown" };
  const hash = tokenHash(token);
  const found = await tables.invitation(hash);
  if (!found) return { ok: false, reason: "unknown" };
  if (found.used) return { ok: false, reason: "used" };
  if (Date.parse(found.expiresAt) <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, member: found.member, tokenHash: hash, expiresAt: found.expiresAt };
}
