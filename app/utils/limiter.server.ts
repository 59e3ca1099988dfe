import Database from "better-sqlite3";
import type { Pool } from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { withDeadline } from "~/utils/deadline.server";
import { log } from "~/utils/log.server";

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LimitWhere = { pool: Pool } | { sqliteFile: string } | { memory: true };

export type Limiter = {
  hit(key: string): Promise<Verdict>;
  look(key: string): Promise<Verdict>;
};

export type LimiterOptions = {
  where: LimitWhere;
  keyPrefix: string;
  tableName: string;
  points: number;
  windowSeconds: number;
  clearExpired?: boolean;
  deadlineMs?: number;
  maxKeys?: number;
};

const DEADLINE_MS = 1_000;
const MAX_KEYS = 10_000;

/** Counted on this replica alone: for limits that guard a call out, not a shared budget. */
export const memoryLimiter = (keyPrefix: string, points: number, windowSeconds: number): Limiter =>
  createLimiter({ where: { memory: true }, keyPrefix, tableName: "", points, windowSeconds });

/** Each call to a database bounded by a deadline; while it does not answer, counted in memory (bounded), said once a minute. */
export function createLimiter(options: LimiterOptions): Limiter {
  const { keyPrefix, points, windowSeconds } = options;
  if (points <= 0) {
    const off = async (): Promise<Verdict> => ({ allowed: true });
    return { hit: off, look: off };
  }
  const memory = boundedMemory(keyPrefix, points, windowSeconds, options.maxKeys ?? MAX_KEYS);
  const database = databaseLimiter(options);
  if (!database) return memory;
  const deadlineMs = options.deadlineMs ?? DEADLINE_MS;
  let lastFallbackLog = -Infinity;
  const insurance = (error: unknown) => {
    if (Date.now() - lastFallbackLog >= 60_000) {
      lastFallbackLog = Date.now();
      log("warn", "rate_limit.local", {
        limit: keyPrefix,
        error: (error as NodeJS.ErrnoException).code ?? String(error).slice(0, 200),
        message: "the shared rate limit cannot reach the database: counting on this replica alone",
      });
    }
  };
  return {
    async hit(key) {
      try {
        await withDeadline(database.consume(key), deadlineMs);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return refused(error);
        insurance(error);
        return memory.hit(key);
      }
    },
    async look(key) {
      try {
        return stateVerdict(await withDeadline(database.get(key), deadlineMs), points);
      } catch (error) {
        insurance(error);
        return memory.look(key);
      }
    },
  };
}

function databaseLimiter(options: LimiterOptions): RateLimiterAbstract | undefined {
  const { where, keyPrefix, tableName, points, windowSeconds } = options;
  const common = {
    keyPrefix,
    points,
    duration: windowSeconds,
    tableName,
    tableCreated: true,
    clearExpiredByTimeout: options.clearExpired ?? false,
  };
  if ("pool" in where) return new RateLimiterPostgres({ ...common, storeClient: where.pool, storeType: "pool" });
  if ("sqliteFile" in where)
    return new RateLimiterSQLite({
      ...common,
      // busy_timeout: another process may be writing.
      storeClient: new Database(where.sqliteFile, { timeout: 2_000 }),
      storeType: "better-sqlite3",
    });
  return undefined;
}

function boundedMemory(keyPrefix: string, points: number, windowSeconds: number, maxKeys: number): Limiter {
  const limiter = new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
  const keys = new Map<string, number>();
  const track = (key: string) => {
    const now = Date.now();
    const ends = keys.get(key);
    if (ends !== undefined && ends > now) return;
    keys.delete(key);
    if (keys.size >= maxKeys) {
      for (const [k, end] of keys) if (end <= now) keys.delete(k);
      for (const k of keys.keys()) {
        if (keys.size < maxKeys) break;
        keys.delete(k);
        void limiter.delete(k);
      }
    }
    keys.set(key, now + windowSeconds * 1000);
  };
  return {
    async hit(key) {
      track(key);
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return refused(error);
        throw error;
      }
    },
    async look(key) {
      return stateVerdict(await limiter.get(key), points);
    },
  };
}

const refused = (res: RateLimiterRes): Verdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

const stateVerdict = (state: RateLimiterRes | null, points: number): Verdict =>
  state && state.consumedPoints >= points ? refused(state) : { allowed: true };
