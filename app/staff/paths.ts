/** The staff area's addresses: one prefix, and the few pages under it a person without a
 * session may open (to sign in, to accept an invitation). Shared by the server's guard
 * (server/staff-guard.ts), which refuses everything else under the prefix before Remix is
 * reached, and by the pages. */
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
} as const;

/** The staff GETs with an effect: each writes to the audit log and hands over a file of people's
 * data. Like a form's POST, the guard lets one through only when a page of this site started it
 * (server/staff-guard.ts): a link on another site, a sibling subdomain or another port must not
 * make an owner's browser run an export. A route whose loader writes to the audit log is listed
 * here (paths.test.ts fails otherwise). */
const DOWNLOADS = new Set<string>([STAFF_PATHS.export, STAFF_PATHS.subjectDownload]);

/** Open without a session: the sign-in page, an invitation, the passkey ceremonies (each checks
 * what it needs: an invitation's token, or a session for adding a passkey) and the language; and
 * what an installed staff app's browser fetches on its own, without the person: the service worker
 * and the manifest (neither holds anything private), the alerts' receipts (proved by the token
 * inside the alert's encrypted payload, not a session, which may have ended on a phone left alone
 * for a night) and a subscription the browser renewed (proved by the old one's auth secret). */
const OPEN = new Set<string>([
  STAFF_PATHS.signIn,
  STAFF_PATHS.invitation,
  STAFF_PATHS.passkey,
  STAFF_PATHS.language,
  STAFF_PATHS.serviceWorker,
  STAFF_PATHS.manifest,
  STAFF_PATHS.receipt,
  STAFF_PATHS.renewal,
]);

/** A path as the router will see it: dot segments resolved (as `new URL` does), percent-escapes
 * decoded, case folded (routes match case-insensitively), repeated and trailing slashes dropped,
 * and the `.data` suffix of a client navigation's request removed. Anything that could reach a
 * staff route reads as one here, whatever its spelling. */
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

/** Whether a request path is under the staff prefix (however it is spelled). */
export function isStaffPath(pathname: string): boolean {
  const path = routerPath(pathname);
  return path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`);
}

/** Whether a staff path may be opened without a session. */
export const isOpenStaffPath = (pathname: string) => OPEN.has(routerPath(pathname));

/** Whether a staff path is a download with an effect (however it is spelled). */
export const isStaffDownload = (pathname: string) => DOWNLOADS.has(routerPath(pathname));

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators: none belongs in a
 * path, and browsers strip or act on some of them (a TAB inside `/\t/host` is dropped). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The one rule for every redirect target taken from a request (a form's field, a query's
 * `next`, the address the guard turned away): a path on this site under the staff prefix, else
 * the staff home. Never another origin, never a scheme, a backslash, a control character or a
 * path of more than 500 characters, nor one spelling a slash, dot or control as an escape; what is kept is the parsed path and query (percent-encoded
 * as a URL holds them, so nothing raw reaches a Location header). Open pages (sign-in, an
 * invitation) are refused unless `open` allows them: after signing in, going back to sign-in
 * makes no sense; the language switch may return to the page it was on. */
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
