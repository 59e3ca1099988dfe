import { cityById, DEFAULT_CITY_ID } from "~/content/cities";
import { pagePath } from "~/content/pages";
import type { Locale } from "~/i18n/locale";

type HomeState = { cityId: string; galleryExpanded: boolean };

export function readHomeState(search: URLSearchParams): HomeState {
  return {
    cityId: cityById(search.get("city")).id,
    galleryExpanded: search.get("gallery") === "all",
  };
}

export function homeQuery(state: HomeState): string {
  const query = new URLSearchParams();
  if (state.cityId !== DEFAULT_CITY_ID) query.set("city", state.cityId);
  if (state.galleryExpanded) query.set("gallery", "all");
  return query.toString();
}

export function homeHref(state: HomeState, hash: "cities" | "gallery", locale: Locale): string {
  const qs = homeQuery(state);
  return `${pagePath("home", locale)}${qs ? `?${qs}` : ""}#${hash}`;
}
