import { Link, NavLink } from "@remix-run/react";
import { SERVICES } from "~/content/services";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useServiceTitles } from "~/utils/use-contact-details";
import { button } from "~/styles/ui.css";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { MenuOverlay } from "./MenuOverlay";
import * as s from "./Header.css";

export function Header() {
  const { t, to } = useTranslation(LAYOUT);
  const titles = useServiceTitles(t.services);
  return (
    <header className={s.header}>
      <div className={s.bar}>
        <Logo />
        <nav className={s.nav} aria-label={t.servicesNav}>
          <ul className={s.navList}>
            {SERVICES.map(({ slug }) => (
              <li key={slug}>
                <NavLink to={to(slug)} className={s.navLink} prefetch="intent">
                  {titles[slug]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={s.actions}>
          <LanguageSwitch />
          <Link to={to("contact")} className={`${button.primary} ${s.contact}`} prefetch="intent">
            {t.contact}
          </Link>
          <MenuOverlay />
        </div>
      </div>
    </header>
  );
}
