import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig } from "@remix-run/route-config";
import { SERVICES } from "./content/services";

// Pages are files in routes/ (flat routes), except the services: one module serves them all,
// mounted once per service under its own id. Test and style files beside routes are not routes.
export default [
  ...SERVICES.map((service) => route(service.slug, "routes/service.tsx", { id: `routes/service.${service.slug}` })),
  ...(await flatRoutes({
    ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css.ts", "**/service.tsx"],
  })),
] satisfies RouteConfig;
