import { useLocation } from "@remix-run/react";
import { PAGE_PATHS } from "~/content/pages";
import { LAYOUT } from "~/i18n/layout";
import { basePath, LANGUAGE, LOCALES, localizedPath } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-locale";
import { homeQuery, readHomeState } from "~/utils/home-query";
import * as s from "./LanguageSwitch.css";

/**
 * A plain link to this page in the other language (its name written in that language, with
 * `lang` and `hreflang`), working without JavaScript. From a page that does not exist (a 404)
 * it leads to the other language's home page. The home page keeps its city and gallery.
 */
export function LanguageSwitch({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const { pathname, search } = useLocation();
  const { locale, t } = useTranslation(LAYOUT);
  const base = PAGE_PATHS.includes(pathname) ? basePath(pathname) : "/";
  const query =
    base === "/" && PAGE_PATHS.includes(pathname) ? homeQuery(readHomeState(new URLSearchParams(search))) : "";
  // One landmark per page: the header's; the menu's copy of it is a plain paragraph.
  const Wrapper = landmark ? "nav" : "p";
  return (
    <Wrapper
      aria-label={landmark ? t.languageNav : undefined}
      className={`${s.switcher}${className ? ` ${className}` : ""}`}
    >
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <a
          key={other}
          href={localizedPath(query ? `/?${query}` : base, other)}
          hrefLang={other}
          lang={other}
          className={s.link}
          aria-label={LANGUAGE[other].name}
        >
          {LANGUAGE[other].short}
        </a>
      ))}
    </Wrapper>
  );
}
