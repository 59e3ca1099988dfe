import { transportKind } from "~/contact.server";

/** Liveness for the container HEALTHCHECK and load balancers: answers without touching
 * anything external, and says which e-mail transport is active (nothing secret). */
export function loader() {
  return Response.json({ status: "ok", transport: transportKind }, { headers: { "Cache-Control": "no-store" } });
}
