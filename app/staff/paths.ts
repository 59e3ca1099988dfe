/** Shared with server/staff-guard.ts, which refuses all but OPEN under the prefix before Remix is reached. */
export const STAFF_PREFIX = "/staff";

export const STAFF_PATHS = {
  home: "/staff",
  inbox: "/staff/inbox",
  needsReply: "/staff/inbox/needs-reply",
  upcoming: "/staff/inbox/upcoming",
  signIn: "/staff/sign-in",
  invitation: "/staff/invitation",
  passkey: "/staff/passkey",
  signOut: "/staff/sign-out",
  language: "/staff/language",
  account: "/staff/account",
  people: "/staff/people",
  audit: "/staff/audit",
  export: "/staff/inbox/export",
  subjectDownload: "/staff/inbox/subject/download",
  alerts: "/staff/alerts",
  serviceWorker: "/staff/sw.js",
  manifest: "/staff/app.webmanifest",
  receipt: "/staff/push/receipt",
  renewal: "/staff/push/renewal",
  site: "/staff/site",
  siteUpload: "/staff/site/upload",
  sitePreview: "/staff/site/preview",
  siteEndPreview: "/staff/site/end-preview",
  siteLinks: "/staff/site/links",
} as const;

/** GETs that audit and hand over people's data: like a POST, the guard admits them only from a page of this site, so
 * a link elsewhere can't make an owner's browser export. Every auditing loader is listed (paths.test.ts checks). */
const DOWNLOADS = new Set<string>([STAFF_PATHS.export, STAFF_PATHS.subjectDownload]);

/** Each checks what it needs (an invitation's token, a session to add a passkey). Worker and manifest hold nothing
 * private; a receipt is proved by the alert payload's token (a phone's session may have ended overnight), a renewal
 * by the old subscription's auth secret, the end of a preview by the preview cookie's token (it ends with the
 * session, and the browser must still be able to leave it). */
const OPEN = new Set<string>([
  STAFF_PATHS.signIn,
  STAFF_PATHS.invitation,
  STAFF_PATHS.passkey,
  STAFF_PATHS.language,
  STAFF_PATHS.serviceWorker,
  STAFF_PATHS.manifest,
  STAFF_PATHS.receipt,
  STAFF_PATHS.renewal,
  STAFF_PATHS.siteEndPreview,
]);

/** As the router sees it (routes match case-insensitively; `.data` is a client navigation's suffix), so any spelling
 * that could reach a staff route reads as one. */
export function routerPath(pathname: string): string {
  let path: string;
  try {
    path = new URL(pathname.replace(/\\/g, "/").replace(/\/{2,}/g, "/"), "http://staff.invalid").pathname;
  } catch {
    path = pathname;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a malformed escape: compared as it is */
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}

export function isStaffPath(pathname: string): boolean {
  const path = routerPath(pathname);
  return path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`);
}

export const isOpenStaffPath = (pathname: string) => OPEN.has(routerPath(pathname));

export const isStaffDownload = (pathname: string) => DOWNLOADS.has(routerPath(pathname));

/** Browsers strip or act on some of these (a TAB inside `/\t/host` is dropped). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The one rule for any redirect target from a request: a staff path on this site, else home. The parsed form is kept
 * so nothing raw reaches a Location header; open pages only with `open` (the language switch returns to its page). */
export function safeNext(next: string | null | undefined, { open = false }: { open?: boolean } = {}): string {
  if (!next || next.length > 500 || !next.startsWith("/") || next.startsWith("//")) return STAFF_PATHS.home;
  if (next.includes("\\") || CONTROL.test(next)) return STAFF_PATHS.home;
  let url: URL;
  try {
    url = new URL(next, "http://staff.invalid");
  } catch {
    return STAFF_PATHS.home;
  }
  if (url.origin !== "http://staff.invalid" || url.username || url.password) return STAFF_PATHS.home;
  // No staff path needs an escaped slash, backslash, dot or control: one is someone's trick.
  if (/%(2f|5c|2e|[01][0-9a-f]|7f)/i.test(url.pathname)) return STAFF_PATHS.home;
  if (!isStaffPath(url.pathname) || (!open && isOpenStaffPath(url.pathname))) return STAFF_PATHS.home;
  const target = `${url.pathname}${url.search}`;
  // Whatever the parser made of it, the result is itself a plain path.
  return target.startsWith("/") && !target.startsWith("//") ? target : STAFF_PATHS.home;
}
