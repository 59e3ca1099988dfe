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

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type StaffLimits = {
  /** One sign-in or registration request from an address (options and answers alike). */
  address(key: string): Promise<LimitVerdict>;
  /** One failure for an account (a wrong assertion, a refused registration). */
  accountFailure(accountId: string): Promise<LimitVerdict>;
  /** Whether an account is locked by its failures now, without counting. */
  accountLocked(accountId: string): Promise<LimitVerdict>;
};

type Where = { pool: Pool } | { sqliteFile: string } | { memory: true };

/** Sign-in attempts counted where every replica counts them: in the database the site uses
 * (rate-limiter-flexible's PostgreSQL or SQLite store, in the table migration 3 made), with a
 * memory count on this replica while the database does not answer (the insurance limiter). */
export function createStaffLimits(
  where: Where,
  { addressMax, accountMax, windowSeconds }: { addressMax: number; accountMax: number; windowSeconds: number },
): StaffLimits {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const common = { keyPrefix, points, duration: windowSeconds };
    const insuranceLimiter = new RateLimiterMemory(common);
    if ("pool" in where)
      return new RateLimiterPostgres({
        ...common,
        storeClient: where.pool,
        storeType: "pool",
        tableName: "staff_rate_limit",
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter,
      });
    if ("sqliteFile" in where)
      return new RateLimiterSQLite({
        ...common,
        // A connection of its own to the site's file (busy_timeout: another process may be writing).
        storeClient: new Database(where.sqliteFile, { timeout: 2_000 }),
        storeType: "better-sqlite3",
        tableName: "staff_rate_limit",
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter,
      });
    return insuranceLimiter;
  };
  const byAddress = make("staff-address", addressMax);
  const byAccount = make("staff-account", accountMax);

  async function count(limiter: RateLimiterAbstract, key: string, look = false): Promise<LimitVerdict> {
    try {
      if (look) {
        const state = await withDeadline(limiter.get(key), 1_000);
        return state && state.consumedPoints >= limiter.points
          ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) }
          : { allowed: true };
      }
      await withDeadline(limiter.consume(key), 1_000);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      // Neither the database nor the insurance answered in time: let the attempt through (a
      // passkey cannot be guessed; the limit is against floods, which the next call meets).
      return { allowed: true };
    }
  }

  return {
    address: (key) => count(byAddress, key),
    accountFailure: (id) => count(byAccount, id),
    accountLocked: (id) => count(byAccount, id, true),
  };
}
