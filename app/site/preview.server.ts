import { createHash, randomBytes } from "node:crypto";
import type { SitePart } from "~/store/site-part.server";
import { cookieSecure, staffIdleMs } from "~/utils/env.server";
import { may } from "~/utils/permissions";

/** A random token, only its hash stored; a request with it skips the page cache and is `private, no-store`,
 * so no visitor and no CDN ever gets a draft. It lasts as long as the staff session that started it, at most an
 * hour (decision 0038). */
const PREVIEW_COOKIE = "site_preview";
const PREVIEW_MS = 60 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function tokenIn(cookieHeader: string | null): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`).exec(cookieHeader ?? "");
  return match?.[1];
}

/** No database read, so pages without the cookie pay nothing. Any value counts (as for the page cache, which skips
 * them all): one that is malformed or ended is cleared. */
export const asksForPreview = (request: Request) =>
  new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=`).test(request.headers.get("cookie") ?? "");

export async function previewing(part: Pick<SitePart, "previewHolder">, request: Request): Promise<boolean> {
  const token = tokenIn(request.headers.get("cookie"));
  if (!token) return false;
  const now = Date.now();
  const holder = await part
    .previewHolder(hashOf(token), {
      now: new Date(now).toISOString(),
      idleSince: new Date(now - staffIdleMs).toISOString(),
    })
    .catch(() => undefined);
  return !!holder && may(holder, "editSite");
}

const cookie = (value: string, maxAge: number) =>
  `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${cookieSecure ? "; Secure" : ""}`;

/** Sent with a page that found the cookie ended, with a sign-out, and with the end of a preview. */
export const clearPreviewCookie = () => cookie("", 0);

/** `session` is the staff session's hash: its end (sign-out, removal, expiry) ends the preview. */
export async function startPreview(part: Pick<SitePart, "createPreview">, session: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await part.createPreview(hashOf(token), session, new Date(Date.now() + PREVIEW_MS).toISOString());
  return cookie(token, PREVIEW_MS / 1000);
}

/** Needs no session: the cookie's token is the proof (a browser whose session ended can still end its preview). */
export async function stopPreview(part: Pick<SitePart, "endPreview">, request: Request): Promise<string> {
  const token = tokenIn(request.headers.get("cookie"));
  if (token) await part.endPreview(hashOf(token));
  return clearPreviewCookie();
}
