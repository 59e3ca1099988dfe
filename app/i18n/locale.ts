/** The site's languages. English is at the root and stays where it always was; every other
 * language lives under its own prefix (`/hr`, `/hr/contact`). A page's language is its URL's:
 * never guessed from the browser, so search engines and shared links see what they link to. */
export const LOCALES = ["en", "hr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself (the language switch) and its Open Graph locale. */
export const LANGUAGE: Record<Locale, { name: string; short: string; ogLocale: string }> = {
  en: { name: "English", short: "EN", ogLocale: "en_US" },
  hr: { name: "Hrvatski", short: "HR", ogLocale: "hr_HR" },
};

/** Every language but the default, as the first segment of a path: built from LOCALES, so a
 * new language is one entry there. */
const PREFIX = new RegExp(`^/(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join("|")})(?=/|$)`);

/** The language of a path: `/hr` and `/hr/...` are Croatian, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return (PREFIX.exec(pathname)?.[1] as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** A path without its language prefix: `/hr/contact` → `/contact`, `/hr` → `/`. */
export function basePath(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}

/** A site path (`/`, `/contact`, `/contact#form`, `/?city=hvar`) in a language. */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : /^\/[?#]/.test(path) ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/** The same page in another language. */
export const counterpartPath = (pathname: string, locale: Locale) => localizedPath(basePath(pathname), locale);
