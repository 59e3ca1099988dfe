import { Link } from "@remix-run/react";
import type { ServiceSlug } from "~/content/services";
import { HOME } from "~/i18n/home";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { ServiceIcon } from "./ServiceIcon";
import * as s from "./ServiceCards.css";

export function ServiceCards({ cards }: { cards: readonly { slug: ServiceSlug; title: string; summary: string }[] }) {
  const { locale, to } = useTranslation(LAYOUT);
  return (
    <ul className={s.cards}>
      {cards.map(({ slug, title, summary }) => (
        <li key={slug}>
          <Link to={to(slug)} className={s.card} prefetch="intent">
            <span className={s.icon}>
              <ServiceIcon slug={slug} />
            </span>
            <h3 className={s.title}>{title}</h3>
            <p className={s.summary}>{summary}</p>
            <span className={s.more} aria-hidden="true">
              {HOME[locale].discover}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
