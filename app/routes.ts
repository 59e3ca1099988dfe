import { flatRoutes } from "@remix-run/fs-routes";
import { index, route, type RouteConfig } from "@remix-run/route-config";
import { PAGES, type Page } from "./content/pages";
import { isServiceSlug } from "./content/services";

/** The module that renders a page: one for the home page, one for all three services, one
 * each for the others. The same module serves a page in every language. */
const moduleOf = ({ id }: Page) =>
  id === "home" ? "routes/_index.tsx" : isServiceSlug(id) ? "routes/service.tsx" : `routes/${id}.tsx`;

/** English keeps the route ids it always had; other languages prefix theirs ("routes/hr.contact"). */
const routeIdOf = ({ id, locale }: Page) =>
  `routes/${locale === "en" ? "" : `${locale}.`}${id === "home" ? "_index" : isServiceSlug(id) ? `service.${id}` : id}`;

// Every page in every language is mounted from the one list of pages (app/content/pages.ts).
// The files in routes/ that are not pages (the 404, robots.txt, the sitemap) are flat routes;
// test and style files beside them are not routes.
export default [
  ...PAGES.map((page) =>
    page.path === "/"
      ? index(moduleOf(page), { id: routeIdOf(page) })
      : route(page.path.slice(1), moduleOf(page), { id: routeIdOf(page) }),
  ),
  ...(await flatRoutes({
    ignoredRouteFiles: [
      "**/.*",
      "**/*.test.{ts,tsx}",
      "**/*.css.ts",
      ...["_index", "service", "contact", "privacy"].map((page) => `**/${page}.tsx`),
    ],
  })),
] satisfies RouteConfig;
