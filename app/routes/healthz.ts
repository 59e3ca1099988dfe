import { queueHealth } from "~/enquiry/queue.server";

/** Liveness for the container HEALTHCHECK and load balancers: 200 while the process serves,
 * with the enquiry queue's state for operators (nothing secret, nothing personal). */
export async function loader() {
  return Response.json(await queueHealth(), { headers: { "Cache-Control": "no-store" } });
}
