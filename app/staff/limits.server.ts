import { createLimiter, type LimitWhere, type Verdict } from "~/utils/limiter.server";

export type StaffLimits = {
  address(key: string): Promise<Verdict>;
  accountFailure(accountId: string): Promise<Verdict>;
  accountLocked(accountId: string): Promise<Verdict>;
};

/** In the database so every replica counts alike (the staff chores delete expired rows); in memory on this replica
 * while the database does not answer. */
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
