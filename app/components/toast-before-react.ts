/** What a toast the server rendered does before React runs, and what React learns from it.
 *
 * The script is written into the HTML just before the toast (a classic inline script, so it
 * runs when the parser reaches the toast, before the toast can be painted): it closes an open
 * `<details data-dismiss>` (the toast) on a pointer down outside it or on Escape, as React will,
 * and keeps a record of when the toast appeared and whether the visitor closed it (those ways,
 * or with its own close button). A script at the end of the page, or React, may come seconds
 * later on a slow phone or link; a first click before it would otherwise be lost (issue 34;
 * decision 0014). Only a toast in the server's HTML runs it: React does not run the scripts it
 * renders itself. */
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

/** The record, for the toast React first shows in this document (whether it hydrated the
 * server's element or, after a failed hydration, rendered a new one): when it appeared and
 * whether the visitor closed it before React ran. A later toast (a client-side submission's)
 * gets nothing: it starts afresh. */
export function toastBeforeReact(element: Element): { shownAt: number; closed: boolean } | undefined {
  const record = window.__toastBeforeReact;
  if (!record || (record.element && record.element !== element)) return undefined;
  record.element = element;
  return record;
}
