/** Liveness for the container HEALTHCHECK and load balancers: answers without touching
 * anything external. */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
