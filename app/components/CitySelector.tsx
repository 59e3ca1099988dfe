import { Link } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { CITIES, cityById, type City } from "~/content/cities";
import * as s from "./CitySelector.css";

type Props = {
  /** The city the server rendered as selected (from `?city=`). */
  selectedId: string;
  /** Builds the no-JavaScript link for a city (keeps the page's other query values). */
  hrefFor: (cityId: string) => string;
};

const GROUPS: { key: City["group"]; className: string }[] = [
  { key: "coast", className: s.groupCoast },
  { key: "more", className: s.groupPlain },
  { key: "abroad", className: s.groupPlain },
];

/** "Click on city and see!": each city is a link the server understands, so the choice
 * works without JavaScript; with it, a click switches the venues in place. */
export function CitySelector({ selectedId, hrefFor }: Props) {
  const [selected, setSelected] = useState(() => cityById(selectedId).id);
  const city = cityById(selected);

  const choose = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setSelected(id);
    // Keep the address shareable without a navigation (Remix's history state is kept).
    window.history.replaceState(window.history.state, "", hrefFor(id));
  };

  return (
    <div className={s.selector}>
      <nav aria-label="Cities" className={s.groups}>
        {GROUPS.map((group) => (
          <ul key={group.key} className={`${s.list} ${group.className}`}>
            {CITIES.filter((c) => c.group === group.key).map((c) => (
              <li key={c.id}>
                <Link
                  to={hrefFor(c.id)}
                  preventScrollReset
                  className={s.city}
                  aria-current={c.id === city.id ? "true" : undefined}
                  aria-controls="city-venues"
                  onClick={(event) => choose(event, c.id)}
                >
                  <span>{c.label}</span>
                  {c.country ? <span className={s.country}>{c.country}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </nav>
      <div id="city-venues" className={s.panel} aria-live="polite">
        <h3 className={s.panelTitle}>
          {city.label}
          {city.country ? <span className={s.panelCountry}>{city.country}</span> : null}
        </h3>
        {city.content.length > 0 ? (
          <ul className={s.venues}>
            {city.content.map((venue) => (
              <li key={venue} className={s.venue}>
                {venue}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.abroad}>
            Clubs, beach parties and private events across {city.country === "MONTENEGRO" ? "Montenegro" : "Serbia"}:
            ask us what is on during your stay.
          </p>
        )}
      </div>
    </div>
  );
}
