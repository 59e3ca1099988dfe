import { PAGE_PATHS } from "~/content/pages";
import { basePath } from "~/i18n/locale";
import { homeQuery, readHomeState } from "./home-query";

/** Unknown parameters and values are dropped as the loaders drop them, so `/?utm_source=x` is `/`. */
export function pageKey(pathname: string, search: URLSearchParams): string | undefined {
  if (!PAGE_PATHS.includes(pathname)) return undefined;
  if (basePath(pathname) !== "/") return pathname;
  const query = homeQuery(readHomeState(search));
  return query ? `${pathname}?${query}` : pathname;
}
