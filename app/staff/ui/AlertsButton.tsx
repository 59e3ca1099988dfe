import { useSubmit } from "@remix-run/react";
import { base64URLStringToBuffer, bufferToBase64URLString } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { ALERTS } from "~/i18n/alerts";
import type { Locale } from "~/i18n/locale";
import { useHydrated } from "~/utils/use-hydrated";
import { STAFF_PATHS } from "../paths";

type Props = {
  locale: Locale;
  publicKey: string;
  suggestedName: string;
};

type State = "checking" | "unsupported" | "off" | "on" | "busy" | "denied" | "failed";

/** A key the browser may not have (null) reads as none. */
const base64urlOf = (buffer: ArrayBuffer | null) => (buffer ? bufferToBase64URLString(buffer) : "");

/** Registered here only: public pages never register one. */
async function registration() {
  await navigator.serviceWorker.register(STAFF_PATHS.serviceWorker, { scope: "/staff/" });
  return navigator.serviceWorker.ready;
}

/** A subscription made with another key (the operator changed it) is replaced. Needs JavaScript; the device list
 * around it works without. */
export function AlertsButton({ locale, publicKey, suggestedName }: Props) {
  const t = ALERTS[locale];
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [state, setState] = useState<State>("checking");
  const [name, setName] = useState(suggestedName);

  useEffect(() => {
    const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    (supported ? registration() : Promise.reject(new Error("unsupported")))
      .then(async (reg) => {
        const existing = await reg.pushManager.getSubscription();
        const key = existing?.options.applicationServerKey;
        if (existing && key && base64urlOf(key) !== publicKey) await existing.unsubscribe();
        else if (existing) return setState("on");
        setState(Notification.permission === "denied" ? "denied" : "off");
      })
      .catch(() => setState("unsupported"));
  }, [publicKey]);

  async function turnOn() {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const reg = await registration();
      const subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64URLStringToBuffer(publicKey),
      });
      submit(
        {
          intent: "subscribe",
          endpoint: subscription.endpoint,
          p256dh: base64urlOf(subscription.getKey("p256dh")),
          auth: base64urlOf(subscription.getKey("auth")),
          name: name.trim(),
        },
        { method: "post", action: STAFF_PATHS.alerts },
      );
      setState("on");
    } catch {
      setState("failed");
    }
  }

  const message =
    state === "unsupported"
      ? t.unsupported
      : state === "denied"
        ? t.denied
        : state === "failed"
          ? t.failed
          : state === "on"
            ? t.onHere
            : state === "busy"
              ? t.turning
              : "";
  return (
    <div className="staff-passkey" data-alerts={state}>
      {state === "off" || state === "busy" || state === "failed" ? (
        <p>
          <label htmlFor="alerts-device-name">{t.deviceName}</label>
          <br />
          <input
            id="alerts-device-name"
            className="staff-link-field"
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </p>
      ) : null}
      {state !== "on" && state !== "unsupported" ? (
        <button
          type="button"
          className="staff-button"
          disabled={!hydrated || state === "checking" || state === "busy"}
          aria-busy={state === "busy" || undefined}
          onClick={() => void turnOn()}
        >
          {t.turnOn}
        </button>
      ) : null}
      <noscript>
        <p className="staff-note">{t.needsScript}</p>
      </noscript>
      <p className="staff-status" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
