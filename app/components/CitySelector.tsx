import { Link } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { cityById, isAbroad, type City, type CityId } from "~/content/cities";
import { HOME } from "~/i18n/home";
import { useTranslation } from "~/i18n/use-locale";
import * as s from "./CitySelector.css";

type Props = {
  cities: readonly City[];
  selectedId: string;
  /** The no-JavaScript link; keeps the page's other query values. */
  hrefFor: (cityId: string) => string;
};

const GROUPS: { key: City["group"]; className: string }[] = [
  { key: "coast", className: s.groupCoast },
  { key: "more", className: s.groupPlain },
  { key: "abroad", className: s.groupPlain },
];

/** Each city is a link the server understands, so the choice works without JavaScript. */
export function CitySelector({ cities, selectedId, hrefFor }: Props) {
  const [selected, setSelected] = useState(() => cityById(selectedId, cities).id);
  const city = cityById(selected, cities);
  const { t } = useTranslation(HOME);
  const country = (c: City) => (isAbroad(c) ? t.countries[c.id] : undefined);

  const choose = (event: MouseEvent<HTMLAnchorElement>, id: CityId) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setSelected(id);
    // Keep the address shareable without a navigation (Remix's history state is kept).
    window.history.replaceState(window.history.state, "", hrefFor(id));
  };

  return (
    <div className={s.selector}>
      <nav aria-label={t.citiesNav} className={s.groups}>
        {GROUPS.map((group) => (
          <ul key={group.key} className={`${s.list} ${group.className}`}>
            {cities
              .filter((c) => c.group === group.key)
              .map((c) => (
                <li key={c.id}>
                  <Link
                    to={hrefFor(c.id)}
                    preventScrollReset
                    className={s.city}
                    aria-current={c.id === city.id ? "true" : undefined}
                    aria-controls="city-venues"
                    onClick={(event) => choose(event, c.id)}
                  >
                    <span>{t.cities[c.id]}</span>
                    {isAbroad(c) ? <span className={s.country}>{country(c)}</span> : null}
                  </Link>
                </li>
              ))}
          </ul>
        ))}
      </nav>
      <div id="city-venues" className={s.panel} aria-live="polite">
        <h3 className={s.panelTitle}>
          {t.cities[city.id]}
          {isAbroad(city) ? <span className={s.panelCountry}>{country(city)}</span> : null}
        </h3>
        {!isAbroad(city) || city.venues.length ? (
          <ul className={s.venues}>
            {city.venues.map((venue, i) => (
              <li key={`${i}-${venue}`} className={s.venue}>
                {venue}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.abroad}>{t.abroad[city.id]}</p>
        )}
      </div>
    </div>
  );
}
