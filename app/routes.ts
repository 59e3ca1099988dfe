import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Test files sit beside modules; without this ignore they would become routes.
export default flatRoutes({
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css.ts"],
}) satisfies RouteConfig;
