import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useNonce } from "~/utils/nonce";
import * as s from "./Toast.css";
import { TOAST_MS } from "./toast-timing";
import { TOAST_BEFORE_REACT_SCRIPT, toastBeforeReact } from "./toast-before-react";

/** A <details> whose summary closes it, so it works before React and without JavaScript (toast-before-react.ts);
 * React keeps the state the visitor left. Warnings and errors interrupt (role=alert); the rest is polite. */
export function Toast({ toast }: { toast: ToastMessage }) {
  const { t } = useTranslation(LAYOUT);
  const nonce = useNonce() || undefined;
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDetailsElement>(null);
  const role = toast.type === "success" || toast.type === "info" ? "status" : "alert";

  useListenersAtCommit(() => {
    const element = ref.current;
    if (!open || !element) return;
    // The server's toast has been showing since the page was parsed, and may have been closed.
    const before = toastBeforeReact(element);
    const closed = !element.open || before?.closed;
    const left = closed ? 0 : TOAST_MS - (performance.now() - (before?.shownAt ?? performance.now()));
    const timer = setTimeout(() => setOpen(false), Math.max(0, left));
    const onPointer = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!open) return null;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TOAST_BEFORE_REACT_SCRIPT }} />
      <details
        ref={ref}
        open
        data-dismiss=""
        className={`${s.toast[toast.type]} ${s.cssTimed}`}
        data-toast={toast.type}
        onToggle={(event) => {
          if (!event.currentTarget.open) setOpen(false);
        }}
      >
        <summary className={s.close} aria-label={t.toastClose}>
          ×
        </summary>
        <div className={s.body} role={role}>
          <span className={s.icon} aria-hidden="true">
            {toast.type === "success" ? "✓" : toast.type === "info" ? "i" : "!"}
          </span>
          <div>
            <p className={s.message}>{toast.message}</p>
            {toast.description ? <p className={s.description}>{toast.description}</p> : null}
          </div>
        </div>
      </details>
    </>
  );
}

/** A toast drawn by React hears a click away or Escape from the moment it is in the page: an effect would wait for the
 * paint after it, and a key pressed in between was lost. The server has no commit to wait for. */
const useListenersAtCommit = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** A new answer's toast is a new element; the same answer's is never shown twice. */
const toastKeys = new WeakMap<ToastMessage, string>();
let toastsReceived = 0;
export function toastKey(toast: ToastMessage): string {
  let key = toastKeys.get(toast);
  if (key === undefined) toastKeys.set(toast, (key = String(++toastsReceived)));
  return key;
}
