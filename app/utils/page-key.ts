import { PAGE_PATHS } from "~/content/pages";
import { basePath } from "~/i18n/locale";
import { homeQuery, readHomeState } from "./home-query";

/** The canonical address of what a GET renders, when that is one of the site's pages, the same
 * for every anonymous visitor: the path, and for the home page (in any language) its known query (`city`,
 * `gallery`) in canonical form. Unknown parameters and values are dropped, as the loaders drop
 * them, so `/?utm_source=x` is `/` and `/?city=nowhere` is `/` too. Anything else: undefined. */
export function pageKey(pathname: string, search: URLSearchParams): string | undefined {
  if (!PAGE_PATHS.includes(pathname)) return undefined;
  if (basePath(pathname) !== "/") return pathname;
  const query = homeQuery(readHomeState(search));
  return query ? `${pathname}?${query}` : pathname;
}
