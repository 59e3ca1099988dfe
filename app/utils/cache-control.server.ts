/** A public page: shared caches keep it five minutes and may serve it stale while they fetch it again. */
export const PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
const NOT_FOUND_CACHE = "public, max-age=0, s-maxage=60";
export const NO_STORE = "private, no-store";

/** Anything personal (a toast, a POST result) has already set `private, no-store` and keeps it. */
export function documentCacheControl(method: string, status: number, headers: Headers): string {
  const existing = headers.get("Cache-Control");
  if (existing) return existing;
  if (headers.has("Set-Cookie")) return NO_STORE;
  if (method !== "GET" && method !== "HEAD") return NO_STORE;
  if (status === 200) return PAGE_CACHE;
  if (status === 404) return NOT_FOUND_CACHE;
  return NO_STORE;
}
