import { Link } from "@remix-run/react";
import { SERVICES } from "~/content/services";
import { ServiceIcon } from "./ServiceIcon";
import * as s from "./ServiceCards.css";

/** "Find your needs": one card per service line, each wholly a link to its page. */
export function ServiceCards() {
  return (
    <ul className={s.cards}>
      {SERVICES.map((service) => (
        <li key={service.slug}>
          <Link to={`/${service.slug}`} className={s.card} prefetch="intent">
            <span className={s.icon}>
              <ServiceIcon slug={service.slug} />
            </span>
            <h3 className={s.title}>{service.title}</h3>
            <p className={s.summary}>{service.summary}</p>
            <span className={s.more} aria-hidden="true">
              Discover →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
