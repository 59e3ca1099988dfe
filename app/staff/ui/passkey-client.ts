import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { STAFF_PATHS } from "../paths";

export type CeremonyOutcome =
  | { ok: true; next: string }
  | { ok: false; problem: "unsupported" | "cancelled" | "refused" | "invitation" | "unavailable" | "signed-out" }
  | { ok: false; problem: "too-many"; retryAfterSeconds: number };

type Answer = {
  options?: unknown;
  ok?: boolean;
  next?: string;
  error?: string;
  retryAfterSeconds?: number;
};

async function ask(fields: Record<string, string>): Promise<Answer> {
  const response = await fetch(STAFF_PATHS.passkey, {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!(response.headers.get("content-type") ?? "").includes("json")) return { error: "unavailable" };
  return (await response.json()) as Answer;
}

function problemOf(answer: Answer): CeremonyOutcome {
  if (answer.error === "too-many")
    return { ok: false, problem: "too-many", retryAfterSeconds: answer.retryAfterSeconds ?? 60 };
  if (answer.error === "invitation" || answer.error === "signed-out" || answer.error === "refused")
    return { ok: false, problem: answer.error };
  return { ok: false, problem: answer.error === "unavailable" ? "unavailable" : "refused" };
}

/** "register" with an invitation's token, or with none for the signed-in person. */
export async function passkeyCeremony(
  kind: "sign-in" | "register",
  fields: Record<string, string>,
): Promise<CeremonyOutcome> {
  if (!browserSupportsWebAuthn()) return { ok: false, problem: "unsupported" };
  try {
    const first = await ask({ ...fields, intent: `${kind}-options` });
    if (!first.options) return problemOf(first);
    let credential: unknown;
    try {
      credential =
        kind === "sign-in"
          ? await startAuthentication({ optionsJSON: first.options as PublicKeyCredentialRequestOptionsJSON })
          : await startRegistration({ optionsJSON: first.options as PublicKeyCredentialCreationOptionsJSON });
    } catch {
      // Closed, timed out, or no matching passkey on this device: nothing was sent.
      return { ok: false, problem: "cancelled" };
    }
    const second = await ask({ ...fields, intent: kind, response: JSON.stringify(credential) });
    return second.ok && second.next ? { ok: true, next: second.next } : problemOf(second);
  } catch {
    return { ok: false, problem: "unavailable" };
  }
}
