import { Link, NavLink } from "@remix-run/react";
import { SERVICE_LINKS, CONTACT_LINK } from "~/content/navigation";
import { button } from "~/styles/ui.css";
import { Logo } from "./Logo";
import { MenuOverlay } from "./MenuOverlay";
import * as s from "./Header.css";

export function Header() {
  return (
    <header className={s.header}>
      <div className={s.bar}>
        <Logo />
        <nav className={s.nav} aria-label="Services">
          <ul className={s.navList}>
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={s.navLink} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={s.actions}>
          <Link to={CONTACT_LINK.to} className={`${button.primary} ${s.contact}`} prefetch="intent">
            {CONTACT_LINK.label}
          </Link>
          <MenuOverlay />
        </div>
      </div>
    </header>
  );
}
