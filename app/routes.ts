import { flatRoutes } from "@remix-run/fs-routes";
import { index, route, type RouteConfig } from "@remix-run/route-config";
import { PAGE_MODULES, pageKind, PAGES, type Page } from "./content/pages";

/** English keeps the route ids it always had; other languages prefix theirs ("routes/hr.contact"). */
const routeIdOf = ({ id, locale }: Page) =>
  `routes/${locale === "en" ? "" : `${locale}.`}${id === "home" ? "_index" : pageKind(id) === "service" ? `service.${id}` : id}`;

// Every page in every language is mounted from the one list of pages (app/content/pages.ts),
// with the module its kind names there. The other files in routes/ (the 404, robots.txt, the
// sitemap) are flat routes; page modules, tests and styles beside them are not.
export default [
  ...PAGES.map((page) => {
    const file = PAGE_MODULES[pageKind(page.id)];
    return page.path === "/"
      ? index(file, { id: routeIdOf(page) })
      : route(page.path.slice(1), file, { id: routeIdOf(page) });
  }),
  ...(await flatRoutes({
    ignoredRouteFiles: [
      "**/.*",
      "**/*.test.{ts,tsx}",
      "**/*.css.ts",
      ...Object.values(PAGE_MODULES).map((file) => `**/${file.slice("routes/".length)}`),
    ],
  })),
] satisfies RouteConfig;
