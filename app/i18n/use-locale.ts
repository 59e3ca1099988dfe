import { useLocation } from "@remix-run/react";
import { pagePath, type PageId } from "../content/pages";
import { localeOfPath, type Locale } from "./locale";
import type { Translations } from "./translations";

/** The language of the page being shown (its URL's), on the server and in the browser. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** A dictionary's texts in the page's language, and the address of any page in it. */
export function useTranslation<T>(dictionary: Translations<T>) {
  const locale = useLocale();
  return { locale, t: dictionary[locale], to: (id: PageId) => pagePath(id, locale) };
}
