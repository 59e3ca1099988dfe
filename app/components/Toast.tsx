import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ToastMessage } from "remix-toast";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useHydrated } from "~/utils/use-hydrated";
import * as s from "./Toast.css";
import { TOAST_MS } from "./toast-timing";

/** One notification at the top centre, 50 px from the top. Success and info are polite
 * (role=status); warnings and errors interrupt (role=alert). With JavaScript it closes
 * after 6 s, on its close button, on Escape, or on a click anywhere else. Without
 * JavaScript it is a <details open> whose summary closes it, and CSS hides it after 6 s. */
export function Toast({ toast }: { toast: ToastMessage }) {
  const hydrated = useHydrated();
  const { t } = useTranslation(LAYOUT);
  const role = toast.type === "success" || toast.type === "info" ? "status" : "alert";
  const body = (
    <div className={s.body} role={role}>
      <span className={s.icon} aria-hidden="true">
        {toast.type === "success" ? "✓" : toast.type === "info" ? "i" : "!"}
      </span>
      <div>
        <p className={s.message}>{toast.message}</p>
        {toast.description ? <p className={s.description}>{toast.description}</p> : null}
      </div>
    </div>
  );
  if (!hydrated) {
    return (
      <details open className={`${s.toast[toast.type]} ${s.cssTimed}`} data-toast={toast.type}>
        <summary className={s.close} aria-label={t.toastClose}>
          ×
        </summary>
        {body}
      </details>
    );
  }
  return (
    <LiveToast toast={toast} closeLabel={t.toastClose}>
      {body}
    </LiveToast>
  );
}

function LiveToast({ toast, closeLabel, children }: { toast: ToastMessage; closeLabel: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), TOAST_MS);
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
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
    <div ref={ref} className={s.toast[toast.type]} data-toast={toast.type}>
      <button type="button" className={s.close} aria-label={closeLabel} onClick={() => setOpen(false)}>
        ×
      </button>
      {children}
    </div>
  );
}
