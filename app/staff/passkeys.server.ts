import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { BRAND } from "~/content/site";
import type { Member, PasskeyListing } from "~/store/staff-people.server";
import type { StaffPart } from "~/store/staff-part.server";
import { loadLater } from "~/utils/load-later.server";
import { isoIn } from "./tokens.server";

// Loaded at the first ceremony: with its certificate parsers it cost every start 0.4-0.6 s of CPU. A failed load is
// tried again at the next one, and it fails before a challenge is spent, never as the visitor's invalid passkey.
const webauthn = loadLater(() => import("@simplewebauthn/server"));

/** Its host is the RP id; an IP address never is a valid one, which is why tests use http://localhost. */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingParty(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: BRAND };
}

const CHALLENGE_MS = 5 * 60 * 1000;

export type Passkey = PasskeyListing;

const transportsOf = (row: { transports: string | null }) =>
  (row.transports ? row.transports.split(",") : undefined) as AuthenticatorTransport[] | undefined;

export const passkeysOf = (tables: StaffPart, memberId: string): Promise<Passkey[]> => tables.passkeysOf(memberId);

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

/** Single use across replicas: the store's DELETE … RETURNING takes it out. */
async function spendChallenge(tables: StaffPart, challenge: string | undefined, purpose: "register" | "sign-in") {
  if (!challenge) return undefined;
  const row = await tables.spendChallenge(challenge, purpose);
  if (!row || Date.parse(row.expiresAt) <= Date.now()) return undefined;
  return { memberId: row.memberId, invitationHash: row.invitationHash };
}

/** Holding a device is not enough: the person is verified at every ceremony (decision 0021). */
const USER_VERIFICATION = "required";

/** Other passkeys excluded, so one authenticator is not registered twice. Discoverable, so sign-in needs no name and
 * no credential id is given to a client before it signs in. */
export async function registrationOptions(
  tables: StaffPart,
  rp: RelyingParty,
  member: Member,
  invitationHash?: string,
) {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await tables.passkeyIdsOf(member.id);
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
  await tables.keepChallenge({
    challenge: options.challenge,
    purpose: "register",
    memberId: member.id,
    invitationHash,
    expiresAt: isoIn(CHALLENGE_MS),
  });
  return options;
}

export type CeremonyRefusal = { ok: false; reason: string };

export async function registerPasskey(
  tables: StaffPart,
  rp: RelyingParty,
  {
    member,
    response,
    invitationHash,
    userAgent,
  }: {
    member: Member;
    response: RegistrationResponseJSON;
    /** Spent in the transaction that keeps the passkey (single use): spent already, refused. */
    invitationHash?: string;
    userAgent?: string;
  },
): Promise<{ ok: true; passkeyId: string; device: string } | CeremonyRefusal> {
  const { verifyRegistrationResponse } = await webauthn();
  const issued = await spendChallenge(tables, challengeOf(response), "register");
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
  const kept = await tables.keepPasskey(
    {
      id: credential.id,
      memberId: member.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports?.join(","),
      device,
      backedUp: credentialBackedUp,
    },
    new Date().toISOString(),
    invitationHash,
  );
  return kept === "kept" ? { ok: true, passkeyId: credential.id, device } : { ok: false, reason: kept };
}

const challengeOfOrEmpty = (response: { response?: { clientDataJSON?: unknown } }) => challengeOf(response) ?? "";

/** The same for everyone, asking no e-mail: the answer can't tell who has an account, nor give out a person's passkey
 * ids (which a lockout by refused sign-ins would need). */
export async function signInOptions(tables: StaffPart, rp: RelyingParty) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: USER_VERIFICATION,
    timeout: CHALLENGE_MS,
  });
  await tables.keepChallenge({ challenge: options.challenge, purpose: "sign-in", expiresAt: isoIn(CHALLENGE_MS) });
  return options;
}

export async function verifySignIn(
  tables: StaffPart,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<{ ok: true; member: Member; passkeyId: string } | (CeremonyRefusal & { member?: Member })> {
  const { verifyAuthenticationResponse } = await webauthn();
  const issued = await spendChallenge(tables, challengeOf(response), "sign-in");
  if (!issued) return { ok: false, reason: "challenge" };
  const id = typeof response?.id === "string" ? response.id : "";
  const row = await tables.passkeyForSignIn(id);
  if (!row) return { ok: false, reason: "unknown-passkey" };
  const { member } = row;
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
        publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: "invalid", member };
  }
  if (!verified.verified) return { ok: false, reason: "invalid", member };
  await tables.notePasskeyUse(row.id, verified.authenticationInfo.newCounter, new Date().toISOString());
  return { ok: true, member, passkeyId: row.id };
}

/** The last passkey of an account stays (remove the person instead); the sessions it made go with it. */
export const removePasskey = (tables: StaffPart, memberId: string, passkeyId: string) =>
  tables.removePasskey(memberId, passkeyId);
