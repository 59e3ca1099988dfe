import type { AppLoadContext } from "@remix-run/node";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod";
import { readFormBody } from "~/utils/form-body.server";
import type { AuditEntry } from "~/store/staff-audit.server";
import { readForm } from "./form.server";
import { memberByEmail, openInvitation, type Member } from "./members.server";
import { registerPasskey, registrationOptions, signInOptions, verifySignIn } from "./passkeys.server";
import { safeNext, STAFF_PATHS } from "./paths";
import { endSession, startSession } from "./session.server";
import { auditRefusal, requestMeta, rp, sessionRules, staffLimits, staffStore } from "./staff.server";

/** Errors are codes: ui/passkey-client.ts turns them into a sentence in the person's language. */
type CeremonyAnswer =
  | { options: unknown }
  | { ok: true; next: string }
  | { error: "too-many"; retryAfterSeconds: number }
  | { error: "refused" | "invitation" | "bad-request" | "signed-out" };

const json = (body: CeremonyAnswer, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const credential = <T>() =>
  z
    .string()
    .max(32_000)
    .transform((text, ctx) => {
      try {
        const parsed = JSON.parse(text) as { id?: unknown; response?: unknown } | null;
        if (typeof parsed?.id === "string" && typeof parsed.response === "object" && parsed.response !== null)
          return parsed as T;
      } catch {
        /* not JSON: refused below */
      }
      ctx.addIssue({ code: "custom", message: "not a credential" });
      return z.NEVER;
    });

/** An `email` (an older page's) is not read: an invitation's `token`, or else the session, says whose passkey. */
const CeremonyIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-in-options") }),
  z.object({
    intent: z.literal("sign-in"),
    response: credential<AuthenticationResponseJSON>(),
    next: z.string().max(2_000).optional(),
  }),
  z.object({ intent: z.literal("register-options"), token: z.string().max(200).optional() }),
  z.object({
    intent: z.literal("register"),
    token: z.string().max(200).optional(),
    response: credential<RegistrationResponseJSON>(),
  }),
]);

/** Open without a session: every request counts against the address's limit, a failed assertion against the
 * account's, and each outcome is audited. */
export async function passkeyCeremony(request: Request, context: AppLoadContext): Promise<Response> {
  const body = await readFormBody(request, 48 * 1024);
  if (!body.ok) return json({ error: "bad-request" }, body.status);
  const asked = readForm(body.form, CeremonyIntent);
  const meta = requestMeta(request, context);
  const limits = staffLimits(context);
  const tables = staffStore(context);

  const refused = (entry: Omit<AuditEntry, "outcome">) =>
    auditRefusal(tables, { ...entry, outcome: "refused", ...meta }, context.staff);

  const verdict = await limits.address(meta.address);
  if (!verdict.allowed) {
    await refused({
      event: "rate-limited",
      // Only a request this endpoint reads names its intent: the rest is the client's text.
      detail: { reason: "address", intent: asked.ok ? asked.value.intent : "other" },
    });
    return json({ error: "too-many", retryAfterSeconds: verdict.retryAfterSeconds }, 429, {
      "Retry-After": String(verdict.retryAfterSeconds),
    });
  }

  if (!asked.ok) return json({ error: "bad-request" }, 400);
  const ask = asked.value;

  if (ask.intent === "sign-in-options") return json({ options: await signInOptions(tables, rp) });

  if (ask.intent === "sign-in") {
    const result = await verifySignIn(tables, rp, ask.response);
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
    if (context.staff) await endSession(tables, context.staff.session);
    const cookie = await startSession(tables, sessionRules, {
      member: result.member,
      passkeyId: result.passkeyId,
      ...meta,
    });
    await tables.audit({ event: "sign-in", outcome: "ok", actor: result.member, ...meta });
    return json({ ok: true, next: safeNext(ask.next ?? "") }, 200, { "Set-Cookie": cookie });
  }

  // Making a passkey: for the invitation's person, or the signed-in person adding another.
  const { token } = ask;
  let member: Member | undefined;
  let invitationHash: string | undefined;
  if (token !== undefined) {
    const invitation = await openInvitation(tables, token);
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

  if (ask.intent === "register-options")
    return json({ options: await registrationOptions(tables, rp, member, invitationHash) });

  const result = await registerPasskey(tables, rp, {
    member,
    response: ask.response,
    invitationHash,
    userAgent: meta.userAgent,
  });
  if (!result.ok) {
    await limits.accountFailure(member.id);
    await refused({ event: "passkey-added", actor: member, detail: { reason: result.reason } });
    return json({ error: result.reason === "invitation" ? "invitation" : "refused" }, 400);
  }
  await tables.audit({
    event: "passkey-added",
    outcome: "ok",
    actor: member,
    subject: result.device,
    ...meta,
    detail: { via: invitationHash ? "invitation" : "account" },
  });
  if (!invitationHash) return json({ ok: true, next: `${STAFF_PATHS.account}?added=1` });
  // Accepting the invitation signs the person in (a fresh session, whatever they had before).
  const signedIn = await memberByEmail(tables, member.email);
  if (context.staff) await endSession(tables, context.staff.session);
  const cookie = await startSession(tables, sessionRules, {
    member: signedIn ?? member,
    passkeyId: result.passkeyId,
    ...meta,
  });
  await tables.audit({ event: "sign-in", outcome: "ok", actor: member, ...meta, detail: { via: "invitation" } });
  return json({ ok: true, next: STAFF_PATHS.home }, 200, { "Set-Cookie": cookie });
}
