import type { AppLoadContext } from "@remix-run/node";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { readFormBody } from "~/shared/form-body.server";
import { audit, type AuditEntry } from "./audit.server";
import { memberByEmail, openInvitation, spendInvitation, type Member } from "./members.server";
import { registerPasskey, registrationOptions, signInOptions, verifySignIn } from "./passkeys.server";
import { safeNext, STAFF_PATHS } from "./paths";
import { endSession, startSession } from "./session.server";
import { auditRefusal, requestMeta, rp, sessionRules, staffDatabase, staffLimits } from "./staff.server";

/** What the passkey script (ui/passkey-client.ts) is answered: options for the browser, or the
 * outcome, or an error code it turns into a sentence in the person's language. */
export type CeremonyAnswer =
  | { options: unknown }
  | { ok: true; next: string }
  | { error: "too-many"; retryAfterSeconds: number }
  | { error: "refused" | "invitation" | "bad-request" | "signed-out" };

const INTENTS: readonly string[] = ["sign-in-options", "sign-in", "register-options", "register"];

const json = (body: CeremonyAnswer, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** A browser's answer to a ceremony, parsed: an object with an id and a response, or undefined. */
function credentialOf<T>(value: FormDataEntryValue | null): T | undefined {
  if (typeof value !== "string" || value.length > 32_000) return undefined;
  try {
    const parsed = JSON.parse(value) as { id?: unknown; response?: unknown };
    return typeof parsed?.id === "string" && typeof parsed.response === "object" && parsed.response !== null
      ? (parsed as T)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The passkey ceremonies, one POST endpoint (/staff/passkey), open without a session: signing
 * in (options, then the assertion), and making a passkey (options, then the new credential) with
 * an invitation's token or, for another passkey, a session. Every request counts against the
 * client address's limit; a failed assertion against the account's; each outcome is audited. */
export async function passkeyCeremony(request: Request, context: AppLoadContext): Promise<Response> {
  const body = await readFormBody(request, 48 * 1024);
  if (!body.ok) return json({ error: "bad-request" }, body.status);
  const form = body.form;
  const intent = String(form.get("intent") ?? "");
  const meta = requestMeta(request, context);
  const limits = staffLimits();
  const sql = await staffDatabase();

  // Refusals go to the audit log in full for a signed-in person, else through the throttle.
  const refused = (entry: Omit<AuditEntry, "outcome">) =>
    auditRefusal(sql, { ...entry, outcome: "refused", ...meta }, context.staff);

  const verdict = await limits.address(meta.address);
  if (!verdict.allowed) {
    await refused({
      event: "rate-limited",
      // Only a known intent is recorded: the rest of the field is the client's text.
      detail: { reason: "address", intent: INTENTS.includes(intent) ? intent : "other" },
    });
    return json({ error: "too-many", retryAfterSeconds: verdict.retryAfterSeconds }, 429, {
      "Retry-After": String(verdict.retryAfterSeconds),
    });
  }

  // The same answer for everyone: an `email` field (an older page's) is not read.
  if (intent === "sign-in-options") return json({ options: await signInOptions(sql, rp) });

  if (intent === "sign-in") {
    const response = credentialOf<AuthenticationResponseJSON>(form.get("response"));
    if (!response) return json({ error: "bad-request" }, 400);
    const result = await verifySignIn(sql, rp, response);
    if (!result.ok) {
      if (result.member) await limits.accountFailure(result.member.id);
      await refused({ event: "sign-in", actor: result.member, detail: { reason: result.reason } });
      return json({ error: "refused" }, 400);
    }
    const locked = await limits.accountLocked(result.member.id);
    if (!locked.allowed) {
      await refused({ event: "sign-in", actor: result.member, detail: { reason: "account-limit" } });
      return json({ error: "too-many", retryAfterSeconds: locked.retryAfterSeconds }, 429, {
        "Retry-After": String(locked.retryAfterSeconds),
      });
    }
    // A fresh session every sign-in; the one this browser had (if any) ends (no fixation, no leftovers).
    if (context.staff) await endSession(sql, context.staff.session);
    const cookie = await startSession(sql, sessionRules, {
      member: result.member,
      passkeyId: result.passkeyId,
      ...meta,
    });
    await audit(sql, { event: "sign-in", outcome: "ok", actor: result.member, ...meta });
    return json({ ok: true, next: safeNext(String(form.get("next") ?? "")) }, 200, { "Set-Cookie": cookie });
  }

  if (intent === "register-options" || intent === "register") {
    // Whose passkey: the invitation's person, or the signed-in person adding another.
    const token = form.get("token");
    let member: Member | undefined;
    let invitationHash: string | undefined;
    if (token !== null) {
      const invitation = await openInvitation(sql, token);
      if (!invitation.ok) {
        await refused({ event: "invitation-refused", detail: { reason: invitation.reason } });
        return json({ error: "invitation" }, 410);
      }
      member = invitation.member;
      invitationHash = invitation.tokenHash;
    } else if (context.staff) {
      member = context.staff;
    } else {
      return json({ error: "signed-out" }, 401);
    }

    if (intent === "register-options")
      return json({ options: await registrationOptions(sql, rp, member, invitationHash) });

    const response = credentialOf<RegistrationResponseJSON>(form.get("response"));
    if (!response) return json({ error: "bad-request" }, 400);
    const result = await registerPasskey(sql, rp, {
      member,
      response,
      invitationHash,
      userAgent: meta.userAgent,
      beforeKeeping: invitationHash ? (tx) => spendInvitation(tx, invitationHash) : undefined,
    });
    if (!result.ok) {
      await limits.accountFailure(member.id);
      await refused({ event: "passkey-added", actor: member, detail: { reason: result.reason } });
      return json({ error: result.reason === "invitation" ? "invitation" : "refused" }, 400);
    }
    await audit(sql, {
      event: "passkey-added",
      outcome: "ok",
      actor: member,
      subject: result.device,
      ...meta,
      detail: { via: invitationHash ? "invitation" : "account" },
    });
    if (!invitationHash) return json({ ok: true, next: `${STAFF_PATHS.account}?added=1` });
    // Accepting the invitation signs the person in (a fresh session, whatever they had before).
    const signedIn = await memberByEmail(sql, member.email);
    if (context.staff) await endSession(sql, context.staff.session);
    const cookie = await startSession(sql, sessionRules, {
      member: signedIn ?? member,
      passkeyId: result.passkeyId,
      ...meta,
    });
    await audit(sql, { event: "sign-in", outcome: "ok", actor: member, ...meta, detail: { via: "invitation" } });
    return json({ ok: true, next: STAFF_PATHS.home }, 200, { "Set-Cookie": cookie });
  }

  return json({ error: "bad-request" }, 400);
}
