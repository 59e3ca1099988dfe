/** The staff area's addresses: one prefix, and the few pages under it a person without a
 * session may open (to sign in, to accept an invitation). Shared by the server's guard
 * (server/staff-guard.ts), which refuses everything else under the prefix before Remix is
 * reached, and by the pages. */
export const STAFF_PREFIX = "/staff";

export const STAFF_PATHS = {
  home: "/staff",
  inbox: "/staff/inbox",
  signIn: "/staff/sign-in",
  invitation: "/staff/invitation",
  passkey: "/staff/passkey",
  signOut: "/staff/sign-out",
  language: "/staff/language",
  account: "/staff/account",
  people: "/staff/people",
  audit: "/staff/audit",
} as const;

/** Open without a session: the sign-in page, an invitation, the passkey ceremonies (each checks
 * what it needs: an invitation's token, or a session for adding a passkey) and the language. */
const OPEN = new Set<string>([STAFF_PATHS.signIn, STAFF_PATHS.invitation, STAFF_PATHS.passkey, STAFF_PATHS.language]);

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

const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Where to go after signing in: `next` when it is a staff page of this site (a path, never an
 * address elsewhere, never the sign-in page itself), else the staff home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 500 || !next.startsWith("/") || next.includes("\\") || hasControl(next))
    return STAFF_PATHS.home;
  let url: URL;
  try {
    url = new URL(next, "http://staff.invalid");
  } catch {
    return STAFF_PATHS.home;
  }
  if (url.origin !== "http://staff.invalid" || next.startsWith("//")) return STAFF_PATHS.home;
  if (!isStaffPath(url.pathname) || isOpenStaffPath(url.pathname)) return STAFF_PATHS.home;
  return `${url.pathname}${url.search}`;
}
