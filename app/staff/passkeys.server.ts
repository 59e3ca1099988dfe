import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { BRAND } from "~/content/site";
import type { Queryable, Sql } from "~/store/sql.server";
import { isoTime } from "~/store/sql.server";
import type { Member } from "./members.server";
import { isoIn } from "./tokens.server";

/** Its host is the RP id; an IP address never is a valid one, which is why tests use http://localhost. */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: BRAND };
}

const CHALLENGE_MS = 5 * 60 * 1000;

export type Passkey = {
  id: string;
  device: string;
  createdAt: string;
  lastUsedAt?: string;
  backedUp: boolean;
};

type PasskeyRow = {
  id: string;
  member_id: string;
  public_key: string;
  counter: unknown;
  transports: string | null;
  device: string;
  backed_up: unknown;
  created_at: unknown;
  last_used_at: unknown;
};

const transportsOf = (row: Pick<PasskeyRow, "transports">) =>
  (row.transports ? row.transports.split(",") : undefined) as AuthenticatorTransport[] | undefined;

export async function passkeysOf(sql: Queryable, memberId: string): Promise<Passkey[]> {
  const rows = await sql.all<PasskeyRow>(
    "SELECT id, device, backed_up, created_at, last_used_at FROM staff_passkeys WHERE member_id = $1 ORDER BY created_at",
    [memberId],
  );
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    createdAt: isoTime(row.created_at) ?? "",
    lastUsedAt: isoTime(row.last_used_at),
    backedUp: Number(row.backed_up) === 1,
  }));
}

export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "";
  return [browser, system].filter(Boolean).join(" on ") || "Passkey";
}

function challengeOf(response: { response?: { clientDataJSON?: unknown } } | undefined): string | undefined {
  try {
    const data = JSON.parse(
      Buffer.from(String(response?.response?.clientDataJSON ?? ""), "base64url").toString("utf8"),
    ) as {
      challenge?: unknown;
    };
    return typeof data.challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge)
      ? data.challenge
      : undefined;
  } catch {
    return undefined;
  }
}

async function keepChallenge(
  sql: Queryable,
  challenge: string,
  purpose: "register" | "sign-in",
  memberId?: string,
  invitationHash?: string,
) {
  await sql.run("DELETE FROM staff_challenges WHERE expires_at < $1", [new Date().toISOString()]);
  await sql.run(
    "INSERT INTO staff_challenges (challenge, purpose, member_id, invitation_hash, expires_at) VALUES ($1, $2, $3, $4, $5)",
    [challenge, purpose, memberId ?? null, invitationHash ?? null, isoIn(CHALLENGE_MS)],
  );
}

/** Single use across replicas: the DELETE … RETURNING takes it out. */
async function spendChallenge(sql: Queryable, challenge: string | undefined, purpose: "register" | "sign-in") {
  if (!challenge) return undefined;
  const [row] = await sql.all<{ member_id: string | null; invitation_hash: string | null; expires_at: unknown }>(
    "DELETE FROM staff_challenges WHERE challenge = $1 AND purpose = $2 RETURNING member_id, invitation_hash, expires_at",
    [challenge, purpose],
  );
  if (!row || Date.parse(isoTime(row.expires_at) ?? "") <= Date.now()) return undefined;
  return {
    memberId: row.member_id === null ? undefined : String(row.member_id),
    invitationHash: row.invitation_hash ?? undefined,
  };
}

/** Holding a device is not enough: the person is verified at every ceremony (decision 0021). */
const USER_VERIFICATION = "required";

/** Other passkeys excluded, so one authenticator is not registered twice. Discoverable, so sign-in needs no name and
 * no credential id is given to a client before it signs in. */
export async function registrationOptions(sql: Queryable, rp: RelyingParty, member: Member, invitationHash?: string) {
  const existing = await sql.all<Pick<PasskeyRow, "id" | "transports">>(
    "SELECT id, transports FROM staff_passkeys WHERE member_id = $1",
    [member.id],
  );
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.email,
    userID: new TextEncoder().encode(member.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", userVerification: USER_VERIFICATION },
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(sql, options.challenge, "register", member.id, invitationHash);
  return options;
}

export type CeremonyRefusal = { ok: false; reason: string };

export async function registerPasskey(
  sql: Sql,
  rp: RelyingParty,
  {
    member,
    response,
    invitationHash,
    userAgent,
    beforeKeeping,
  }: {
    member: Member;
    response: RegistrationResponseJSON;
    invitationHash?: string;
    userAgent?: string;
    /** Runs in the transaction that keeps the passkey (spends the invitation); false: refused. */
    beforeKeeping?: (tx: Queryable) => Promise<boolean>;
  },
): Promise<{ ok: true; passkeyId: string; device: string } | CeremonyRefusal> {
  const issued = await spendChallenge(sql, challengeOf(response), "register");
  if (!issued || issued.memberId !== member.id || issued.invitationHash !== invitationHash)
    return { ok: false, reason: "challenge" };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeOfOrEmpty(response),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verified.verified) return { ok: false, reason: "invalid" };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const device = deviceName(userAgent);
  return sql.transaction(async (tx) => {
    if (beforeKeeping && !(await beforeKeeping(tx))) return { ok: false as const, reason: "invitation" };
    const [taken] = await tx.all("SELECT id FROM staff_passkeys WHERE id = $1", [credential.id]);
    if (taken) return { ok: false as const, reason: "duplicate" };
    await tx.run(
      `INSERT INTO staff_passkeys (id, member_id, public_key, counter, transports, device, backed_up, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        credential.id,
        member.id,
        Buffer.from(credential.publicKey).toString("base64url"),
        credential.counter,
        credential.transports?.join(",") ?? null,
        device,
        credentialBackedUp ? 1 : 0,
        new Date().toISOString(),
      ],
    );
    return { ok: true as const, passkeyId: credential.id, device };
  });
}

const challengeOfOrEmpty = (response: { response?: { clientDataJSON?: unknown } }) => challengeOf(response) ?? "";

/** The same for everyone, asking no e-mail: the answer can't tell who has an account, nor give out a person's passkey
 * ids (which a lockout by refused sign-ins would need). */
export async function signInOptions(sql: Queryable, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: USER_VERIFICATION,
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(sql, options.challenge, "sign-in");
  return options;
}

export async function verifySignIn(
  sql: Sql,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<{ ok: true; member: Member; passkeyId: string } | (CeremonyRefusal & { member?: Member })> {
  const issued = await spendChallenge(sql, challengeOf(response), "sign-in");
  if (!issued) return { ok: false, reason: "challenge" };
  const id = typeof response?.id === "string" ? response.id : "";
  const [row] = await sql.all<PasskeyRow & { email: string; role: Member["role"] }>(
    `SELECT p.id, p.member_id, p.public_key, p.counter, p.transports, m.email, m.role
       FROM staff_passkeys p JOIN staff_members m ON m.id = p.member_id WHERE p.id = $1`,
    [id],
  );
  if (!row) return { ok: false, reason: "unknown-passkey" };
  const member: Member = { id: String(row.member_id), email: row.email, role: row.role };
  // A discoverable passkey names its account (the user handle we gave it: the member's id).
  const handle: unknown = response.response?.userHandle;
  if (typeof handle === "string" && handle !== "" && Buffer.from(handle, "base64url").toString("utf8") !== member.id)
    return { ok: false, reason: "user-handle", member };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeOfOrEmpty(response),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: "invalid", member };
  }
  if (!verified.verified) return { ok: false, reason: "invalid", member };
  await sql.run("UPDATE staff_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1", [
    row.id,
    verified.authenticationInfo.newCounter,
    new Date().toISOString(),
  ]);
  return { ok: true, member, passkeyId: row.id };
}

/** The last passkey of an account stays (remove the person instead); the sessions it made go with it. */
export async function removePasskey(
  sql: Sql,
  memberId: string,
  passkeyId: string,
): Promise<"removed" | "last" | "unknown"> {
  return sql.transaction(async (tx) => {
    const rows = await tx.all<{ id: string }>("SELECT id FROM staff_passkeys WHERE member_id = $1", [memberId]);
    if (!rows.some((row) => row.id === passkeyId)) return "unknown";
    if (rows.length <= 1) return "last";
    await tx.run("DELETE FROM staff_sessions WHERE passkey_id = $1", [passkeyId]);
    await tx.run("DELETE FROM staff_passkeys WHERE id = $1 AND member_id = $2", [passkeyId, memberId]);
    return "removed";
  });
}
