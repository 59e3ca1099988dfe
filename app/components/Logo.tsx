import { Link } from "@remix-run/react";
import { BRAND } from "~/content/site";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import * as s from "./Logo.css";

/** The wordmark: a small wave-and-crown mark beside the brand name, linking home. */
export function Logo() {
  const { t, to } = useTranslation(LAYOUT);
  return (
    <Link to={to("home")} className={s.logo} aria-label={t.logoLabel(BRAND)}>
      <svg className={s.mark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <path d="M6 24 10 11l6 7 4-10 4 10 6-7 4 13z" fill="currentColor" />
        <path d="M4 30q4-4 8 0t8 0 8 0 8 0" stroke="currentColor" strokeWidth="2.5" fill="none" />
      </svg>
      <span className={s.word}>{BRAND}</span>
    </Link>
  );
}
