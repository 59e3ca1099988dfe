import { clientAddress } from "~/utils/client-address.server";
import { createLimiter, type Verdict } from "~/utils/limiter.server";
import { env } from "~/utils/env.server";
import { store } from "~/process/process.server";

/** The contact form's limit: in PostgreSQL when the site runs on it (shared by the replicas, in
 * the table its schema made); in memory on the embedded SQLite (one host, nothing to share, and
 * a database write per POST would cost the accept path a second fsync). */
const enquiryLimiter = createLimiter({
  where: store.pool ? { pool: store.pool } : { memory: true },
  keyPrefix: "enquiry",
  tableName: "enquiry_rate_limit",
  points: env.RATE_LIMIT_MAX,
  windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  clearExpired: true,
});

/** Counts one enquiry from this request's client: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS,
 * the client known by TRUST_PROXY_HEADER behind a proxy, else by its socket; across replicas
 * when they share a database. */
export function countEnquiry(request: Request, socketAddress: string | undefined): Promise<Verdict> {
  return enquiryLimiter.hit(clientAddress(request, socketAddress, env.TRUST_PROXY_HEADER));
}
