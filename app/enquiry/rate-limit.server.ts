import { isIP } from "node:net";
import type { Pool } from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { withDeadline } from "~/utils/deadline.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { store } from "~/shared/process.server";

/** A fixed-window counter per client, in memory. Each replica counts on its own, which is
 * enough to stop a flood from one address; the map is bounded so it cannot grow without end. */
type RateLimiter = {
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

/** The client's address: from the trusted proxy header when one is configured, else the
 * socket's address. For a list header (X-Forwarded-For) the right-most entry: the one the
 * trusted proxy appended; the entries to its left are whatever the client sent. A single-value
 * header (CF-Connecting-IP, X-Real-IP) is its one entry. A value that is not an address counts
 * as the socket's (the proxy's) rather than as a key the client could vary. */
export function clientAddress(
  request: { headers: { get(name: string): string | null } },
  socketAddress: string | undefined,
  trustedHeader?: string,
): string {
  if (trustedHeader) {
    const last = request.headers.get(trustedHeader)?.split(",").at(-1)?.trim();
    const address = last ? addressOf(last) : undefined;
    if (address) return address;
  }
  return (socketAddress && addressOf(socketAddress)) || socketAddress || "unknown";
}

/** An IP address as a rate-limit key: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64,
 * the block one subscriber gets, so that rotating addresses within it does not dodge the limit.
 * A port or brackets around it are dropped. Undefined when it is not an address. */
function addressOf(value: string): string | undefined {
  let candidate = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate);
  if (bracketed) candidate = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(candidate)) candidate = candidate.slice(0, candidate.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(candidate);
  if (mapped) candidate = mapped[1]!;
  const kind = isIP(candidate);
  if (kind === 4) return candidate;
  if (kind !== 6) return undefined;
  // Expand "::" to the full eight groups, keep the first four.
  const [head = "", tail = ""] = candidate.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  const rest = candidate.includes("::") ? (tail ? tail.split(":") : []) : [];
  const full = [...groups, ...Array(8 - groups.length - rest.length).fill("0"), ...rest];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const SHARED_LIMIT_WAIT_MS = 1_000;

type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The limit counted across replicas, in PostgreSQL (rate-limiter-flexible's store, on the
 * enquiry store's pool; its table is created by our schema). While the database cannot be
 * reached, each replica counts in memory (`fallback`) and says so once a minute: a flood is
 * still slowed, by as many times as there are replicas. */
export function createSharedRateLimiter(pool: Pool, max: number, windowMs: number, fallback: RateLimiter) {
  const shared = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "enquiry_rate_limit",
    tableCreated: true,
    keyPrefix: "enquiry",
    points: max,
    duration: Math.ceil(windowMs / 1000),
    clearExpiredByTimeout: true,
  });
  let lastFallbackLog = -Infinity;
  return {
    async hit(key: string): Promise<Verdict> {
      if (max <= 0) return { allowed: true };
      try {
        // A database that does not answer must not hold the visitor up: counted here after a moment.
        await withDeadline(shared.consume(key), SHARED_LIMIT_WAIT_MS);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        if (Date.now() - lastFallbackLog >= 60_000) {
          lastFallbackLog = Date.now();
          log("warn", "rate_limit.local", {
            error: (error as NodeJS.ErrnoException).code ?? String(error).slice(0, 200),
            message: "the shared rate limit cannot reach the database: counting on this replica alone",
          });
        }
        return fallback.hit(key);
      }
    },
  };
}

const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
const localLimiter = createRateLimiter(env.RATE_LIMIT_MAX, windowMs);
const enquiryLimiter = store.pool
  ? createSharedRateLimiter(store.pool, env.RATE_LIMIT_MAX, windowMs, localLimiter)
  : { hit: async (key: string) => localLimiter.hit(key) };

/** Counts one enquiry from this request's client: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS,
 * the client known by TRUST_PROXY_HEADER behind a proxy, else by its socket; across replicas
 * when they share a database. */
export function countEnquiry(request: Request, socketAddress: string | undefined): Promise<Verdict> {
  return enquiryLimiter.hit(clientAddress(request, socketAddress, env.TRUST_PROXY_HEADER));
}
