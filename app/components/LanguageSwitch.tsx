import { useLocation } from "@remix-run/react";
import { LAYOUT } from "~/i18n/layout";
import { counterpartPath, LANGUAGE, LOCALES } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-locale";
import { pageKey } from "~/utils/page-key";
import * as s from "./LanguageSwitch.css";

/** A plain link, working without JavaScript; from a 404 it leads to the other language's home page. */
export function LanguageSwitch({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const { pathname, search } = useLocation();
  const { locale, t } = useTranslation(LAYOUT);
  // The canonical address keeps the home page's city and gallery and drops any other query.
  const [path = "/", query] = (pageKey(pathname, new URLSearchParams(search)) ?? "/").split("?");
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
          href={`${counterpartPath(path, other)}${query ? `?${query}` : ""}`}
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
