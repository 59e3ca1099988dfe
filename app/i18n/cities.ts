import type { CityId } from "~/content/cities";
import type { Translations } from "./translations";

/** The cities' names, for the home page's selector and the contact form's city alike. */
export const CITY_NAMES: Translations<Record<CityId, string>> = {
  en: {
    split: "Split",
    dubrovnik: "Dubrovnik",
    zrce: "Zrće",
    hvar: "Hvar",
    makarska: "Makarska",
    zagreb: "Zagreb",
    budva: "Budva",
    belgrade: "Belgrade",
  },
  hr: {
    split: "Split",
    dubrovnik: "Dubrovnik",
    zrce: "Zrće",
    hvar: "Hvar",
    makarska: "Makarska",
    zagreb: "Zagreb",
    budva: "Budva",
    belgrade: "Beograd",
  },
};
