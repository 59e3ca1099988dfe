import { useState } from "react";
import type { Locale } from "~/i18n/locale";
import { STAFF } from "~/i18n/staff";
import { useHydrated } from "~/utils/use-hydrated";
import { passkeyCeremony, type CeremonyOutcome } from "./passkey-client";

type Props = {
  locale: Locale;
  kind: "sign-in" | "register";
  label: string;
  /** Sent with both requests (an invitation's token, where to go next). */
  fields?: () => Record<string, string>;
  primary?: boolean;
};

/** Needs JavaScript: disabled until the page's script has run, and without it a note says why. */
export function PasskeyButton({ locale, kind, label, fields, primary = true }: Props) {
  const t = STAFF[locale];
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");

  const messageOf = (outcome: Exclude<CeremonyOutcome, { ok: true }>) => {
    switch (outcome.problem) {
      case "too-many":
        return t.tooMany(outcome.retryAfterSeconds);
      case "cancelled":
        return t.cancelled;
      case "unsupported":
        return t.passkeysUnsupported;
      case "unavailable":
        return t.unavailable;
      case "invitation":
        return t.invitation.unknown;
      case "signed-out":
        return t.signIn.ended;
      default:
        return kind === "sign-in" ? t.signIn.refused : t.failed;
    }
  };

  async function run() {
    setBusy(true);
    setMessage(t.working);
    const outcome = await passkeyCeremony(kind, fields?.() ?? {});
    if (outcome.ok) {
      window.location.assign(outcome.next);
      return;
    }
    setBusy(false);
    setMessage(messageOf(outcome));
  }

  return (
    <div className="staff-passkey">
      <button
        type="button"
        className={primary ? "staff-button" : "staff-button staff-button-quiet"}
        disabled={!hydrated || busy}
        aria-busy={busy || undefined}
        onClick={() => void run()}
      >
        {label}
      </button>
      <noscript>
        <p className="staff-note">{t.passkeysNeedScript}</p>
      </noscript>
      <p className="staff-status" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
