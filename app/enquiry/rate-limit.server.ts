import { clientAddress } from "~/utils/client-address.server";
import { createLimiter, type Verdict } from "~/utils/limiter.server";
import { env } from "~/utils/env.server";
import { store } from "~/process/process.server";

/** In memory on SQLite: one host, and a write per POST would cost the accept a second fsync. */
const enquiryLimiter = createLimiter({
  where: store.pool ? { pool: store.pool } : { memory: true },
  keyPrefix: "enquiry",
  tableName: "enquiry_rate_limit",
  points: env.RATE_LIMIT_MAX,
  windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  clearExpired: true,
});

export function countEnquiry(request: Request, socketAddress: string | undefined): Promise<Verdict> {
  return enquiryLimiter.hit(clientAddress(request, socketAddress, env.TRUST_PROXY_HEADER));
}
