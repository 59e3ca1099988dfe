import { STAFF_SERVICE_WORKER } from "~/staff/service-worker";

/** The staff area's service worker (decision 0039), scoped to /staff/ and registered only by the Alerts
 * page: public pages never get one. Served, not built, so its address never changes (a browser
 * keeps a worker by its script's URL) and it is checked for updates on every registration. */
export function loader() {
  return new Response(STAFF_SERVICE_WORKER, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
