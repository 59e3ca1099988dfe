import { env } from "~/utils/env.server";

/** A fixed-window counter per client, in memory. Each replica counts on its own, which is
 * enough to stop a flood from one address; the map is bounded so it cannot grow without end. */
export type RateLimiter = {
  /** Counts one hit; says whether it is allowed and, if not, when to try again. */
  hit(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
};

const MAX_TRACKED = 10_000;

export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      if (max <= 0) return { allowed: true };
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        if (!entry && windows.size >= MAX_TRACKED) {
          // Drop expired windows first; if all are live, drop the oldest.
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
          if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!);
        }
        entry = { start: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count++;
      if (entry.count <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)) };
    },
  };
}

/** The client's address: from the trusted proxy header when one is configured (its first,
 * left-most entry for X-Forwarded-For), else the socket's address. */
export function clientAddress(request: Request, socketAddress: string | undefined, trustedHeader?: string): string {
  if (trustedHeader) {
    const value = request.headers.get(trustedHeader);
    const first = value?.split(",")[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return socketAddress || "unknown";
}

const enquiryLimiter = createRateLimiter(env.RATE_LIMIT_MAX, env.RATE_LIMIT_WINDOW_SECONDS * 1000);

/** Counts one enquiry from this request's client: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS,
 * the client known by TRUST_PROXY_HEADER behind a proxy, else by its socket. */
export function countEnquiry(request: Request, socketAddress: string | undefined) {
  return enquiryLimiter.hit(clientAddress(request, socketAddress, env.TRUST_PROXY_HEADER));
}
