import { useEffect, useRef, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useHydrated } from "~/utils/use-hydrated";
import * as s from "./Toast.css";
import { TOAST_MS } from "./toast-timing";

/** One notification at the top centre, 50 px from the top. Success and info are polite
 * (role=status); warnings and errors interrupt (role=alert). It closes after 6 s, on its close
 * button, on Escape, or on a click anywhere else.
 *
 * It is one element in every mode: a <details open> whose summary is the close button, hidden
 * by CSS after 6 s. Before React runs (no JavaScript, or before the contact page's deferred
 * script has woken) the browser closes it natively and the page's early script closes it on a
 * click away or Escape (`data-dismiss`, app/utils/defer-hydration.server.ts). When React
 * hydrates it, it takes the state the visitor left: a toast already closed, or older than
 * 6 s, stays closed, and one still showing keeps the rest of its 6 s. */
export function Toast({ toast }: { toast: ToastMessage }) {
  const { t } = useTranslation(LAYOUT);
  // False when this render hydrates the server's HTML: then the toast has been showing since
  // the first paint, not since now.
  const [fromServer] = useState(!useHydrated());
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDetailsElement>(null);
  const role = toast.type === "success" || toast.type === "info" ? "status" : "alert";

  useEffect(() => {
    const element = ref.current;
    if (!open || !element) return;
    const shownAt = fromServer ? firstPaint() : performance.now();
    const left = element.open ? TOAST_MS - (performance.now() - shownAt) : 0;
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
  }, [open, fromServer]);

  if (!open) return null;
  return (
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
  );
}

/** When the page was first painted (the CSS timer of a server-rendered toast starts there). */
function firstPaint(): number {
  return performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
}
