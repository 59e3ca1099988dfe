import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "~/store/sql.server";
import { createPreview, endPreview, previewValid } from "~/store/site-photos.server";

/** A random token, only its hash stored; a request with it skips the page cache and is `private, no-store`,
 * so no visitor and no CDN ever gets a draft. */
const PREVIEW_COOKIE = "site_preview";
const PREVIEW_MS = 60 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function tokenIn(cookieHeader: string | null): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`).exec(cookieHeader ?? "");
  return match?.[1];
}

/** No database read, so pages without the cookie pay nothing. */
export const asksForPreview = (request: Request) => tokenIn(request.headers.get("cookie")) !== undefined;

export async function previewing(sql: Sql, request: Request): Promise<boolean> {
  const token = tokenIn(request.headers.get("cookie"));
  if (!token) return false;
  return previewValid(sql, hashOf(token), new Date().toISOString()).catch(() => false);
}

const cookie = (value: string, secure: boolean, maxAge: number) =>
  `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;

export async function startPreview(sql: Sql, memberId: string, secure: boolean): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createPreview(sql, hashOf(token), memberId, new Date(Date.now() + PREVIEW_MS).toISOString());
  return cookie(token, secure, PREVIEW_MS / 1000);
}

export async function stopPreview(sql: Sql, request: Request, secure: boolean): Promise<string> {
  const token = tokenIn(request.headers.get("cookie"));
  if (token) await endPreview(sql, hashOf(token));
  return cookie("", secure, 0);
}
