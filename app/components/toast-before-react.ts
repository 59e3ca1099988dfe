/** Inline, just before the server's toast, so a click away or Escape works before React arrives, seconds later on a
 * slow phone, and React learns of it (decision 0014). React does not run scripts it renders itself. */
export const TOAST_BEFORE_REACT_SCRIPT = [
  "(() => {",
  "if (window.__toastBeforeReact) return;",
  "const record = (window.__toastBeforeReact = { shownAt: performance.now(), closed: false });",
  'const close = (event) => { for (const d of document.querySelectorAll("details[data-dismiss][open]")) if (event.type === "keydown" ? event.key === "Escape" : !d.contains(event.target)) { d.open = false; record.closed = true; } };',
  'addEventListener("pointerdown", close, { capture: true, passive: true });',
  'addEventListener("keydown", close, { capture: true, passive: true });',
  // Closed by its own button (the <details> summary): the browser's, recorded too.
  'addEventListener("toggle", (event) => { if (event.target.matches?.("details[data-dismiss]:not([open])")) record.closed = true; }, { capture: true });',
  "})();",
].join("\n");

type ToastBeforeReact = { shownAt: number; closed: boolean; element?: Element };

declare global {
  interface Window {
    __toastBeforeReact?: ToastBeforeReact;
  }
}

/** Only the first toast React shows (hydrated, or rendered anew after a failed hydration); later ones start afresh. */
export function toastBeforeReact(element: Element): { shownAt: number; closed: boolean } | undefined {
  const record = window.__toastBeforeReact;
  if (!record || (record.element && record.element !== element)) return undefined;
  record.element = element;
  return record;
}
