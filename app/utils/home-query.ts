import { cityById, DEFAULT_CITY_ID } from "~/content/cities";
import { pagePath } from "~/content/pages";
import type { Locale } from "~/i18n/locale";

/** The home page's no-JavaScript state lives in its query: `?city=` picks the city and
 * `?gallery=all` expands the gallery. Unknown values fall back to the defaults. */
type HomeState = { cityId: string; galleryExpanded: boolean };

export function readHomeState(search: URLSearchParams): HomeState {
  return {
    cityId: cityById(search.get("city")).id,
    galleryExpanded: search.get("gallery") === "all",
  };
}

/** The query of a state, in one canonical order, without the defaults ("" for the default). */
export function homeQuery(state: HomeState): string {
  const query = new URLSearchParams();
  if (state.cityId !== DEFAULT_CITY_ID) query.set("city", state.cityId);
  if (state.galleryExpanded) query.set("gallery", "all");
  return query.toString();
}

/** The home page (in a language) in a state, scrolled to a section. */
export function homeHref(state: HomeState, hash: "cities" | "gallery", locale: Locale): string {
  const qs = homeQuery(state);
  return `${pagePath("home", locale)}${qs ? `?${qs}` : ""}#${hash}`;
}
