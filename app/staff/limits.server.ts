import { createLimiter, type LimitWhere, type Verdict } from "~/utils/limiter.server";

export type StaffLimits = {
  /** One sign-in or registration request from an address (options and answers alike). */
  address(key: string): Promise<Verdict>;
  /** One failure for an account (a wrong assertion, a refused registration). */
  accountFailure(accountId: string): Promise<Verdict>;
  /** Whether an account is locked by its failures now, without counting. */
  accountLocked(accountId: string): Promise<Verdict>;
};

/** Sign-in attempts counted where every replica counts them: in the database the site uses (the
 * table migration 3 made; the staff chores delete its expired rows), in memory on this replica
 * while the database does not answer (app/utils/limiter.server.ts). */
export function createStaffLimits(
  where: LimitWhere,
  { addressMax, accountMax, windowSeconds }: { addressMax: number; accountMax: number; windowSeconds: number },
): StaffLimits {
  const limit = (keyPrefix: string, points: number) =>
    createLimiter({ where, keyPrefix, tableName: "staff_rate_limit", points, windowSeconds });
  const byAddress = limit("staff-address", addressMax);
  const byAccount = limit("staff-account", accountMax);
  return {
    address: (key) => byAddress.hit(key),
    accountFailure: (id) => byAccount.hit(id),
    accountLocked: (id) => byAccount.look(id),
  };
}
