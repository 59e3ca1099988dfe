import { emailJsConfig } from "~/utils/env.server";

/** Liveness for the container HEALTHCHECK and load balancers: answers without touching
 * anything external, and says which e-mail transport is active (nothing secret). */
export function loader() {
  return Response.json(
    { status: "ok", transport: emailJsConfig ? "emailjs" : "outbox" },
    { headers: { "Cache-Control": "no-store" } },
  );
}
