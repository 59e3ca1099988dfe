import { Link } from "@remix-run/react";
import { SERVICES } from "~/content/services";
import { HOME } from "~/i18n/home";
import { LAYOUT } from "~/i18n/layout";
import { SERVICE_TEXT } from "~/i18n/services";
import { useTranslation } from "~/i18n/use-locale";
import { ServiceIcon } from "./ServiceIcon";
import * as s from "./ServiceCards.css";

/** "Find your needs": one card per service line, each wholly a link to its page. */
export function ServiceCards() {
  const { locale, t, to } = useTranslation(LAYOUT);
  return (
    <ul className={s.cards}>
      {SERVICES.map(({ slug }) => (
        <li key={slug}>
          <Link to={to(slug)} className={s.card} prefetch="intent">
            <span className={s.icon}>
              <ServiceIcon slug={slug} />
            </span>
            <h3 className={s.title}>{t.services[slug]}</h3>
            <p className={s.summary}>{SERVICE_TEXT[locale].pages[slug].summary}</p>
            <span className={s.more} aria-hidden="true">
              {HOME[locale].discover}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
