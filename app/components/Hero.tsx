import { Link } from "@remix-run/react";
import { BRAND } from "~/content/site";
import { HOME } from "~/i18n/home";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { button } from "~/styles/ui.css";
import * as s from "./Hero.css";

/** Where the stars are: [left %, top %, radius px]. */
const STARS = [
  [12, 18, 1.5],
  [32, 8, 1],
  [58, 22, 1.5],
  [74, 12, 1],
  [88, 30, 1.5],
  [46, 36, 1],
  [22, 40, 1],
] as const;

/** The backdrop is CSS and one inline SVG: no image request before first paint. */
export function Hero({ tagline }: { tagline: string }) {
  const { t, to } = useTranslation(HOME);
  const { t: layout } = useTranslation(LAYOUT);
  return (
    <section className={s.hero} aria-labelledby="hero-title">
      <svg className={s.stars} aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="hero-star">
            <stop offset="0" stopColor="#fff" />
            <stop offset="1" stopColor="#fff" stopOpacity="0" />
          </radialGradient>
        </defs>
        {STARS.map(([x, y, r]) => (
          <circle key={`${x}-${y}`} cx={`${x}%`} cy={`${y}%`} r={r} fill="url(#hero-star)" />
        ))}
      </svg>
      <div className={s.inner}>
        <p className={s.tagline}>{tagline}</p>
        <h1 id="hero-title" className={s.title}>
          {BRAND}
        </h1>
        <p className={s.copy}>{t.heroCopy}</p>
        <div className={s.actions}>
          <a href="#needs-title" className={button.primary}>
            {t.explore}
          </a>
          <Link to={to("contact")} className={button.ghost}>
            {layout.contactUs}
          </Link>
        </div>
      </div>
      <svg className={s.skyline} viewBox="0 0 1440 160" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path
          d="M0 160V112h60V88h40v24h50V64h30v-20h20v20h30v48h70V96h40v-30h36v46h60V80h24V50h18v30h30v32h80V92h50v20h64V70h40v42h60V86h30V56h14V30h10v26h16v30h40v26h80V96h44v16h60V74h36v38h70V90h40v22h80V100h50v60z"
          fill="#05040c"
        />
        <path d="M0 150h1440v10H0z" fill="#3fd6d0" opacity=".25" />
      </svg>
    </section>
  );
}
