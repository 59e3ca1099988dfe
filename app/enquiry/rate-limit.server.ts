import { clientAddress } from "~/utils/client-address.server";
import type { Env } from "~/utils/env-schema.server";
import { createLimiter, type Limiter, type Verdict } from "~/utils/limiter.server";
import type { Pool } from "pg";

/** In memory on SQLite (one host; a write per POST would cost a second fsync); made at the first POST. */
export function createEnquiryLimit({ env, store }: { env: Env; store: { pool?: Pool } }) {
  let enquiryLimiter: Limiter | undefined;
  const made = () =>
    (enquiryLimiter ??= createLimiter({
      where: store.pool ? { pool: store.pool } : { memory: true },
      keyPrefix: "enquiry",
      tableName: "enquiry_rate_limit",
      points: env.RATE_LIMIT_MAX,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      clearExpired: true,
    }));
  return (request: Request, socketAddress: string | undefined): Promise<Verdict> =>
    made().hit(clientAddress(request, socketAddress, env.TRUST_PROXY_HEADER));
}
