import { Link } from "@remix-run/react";
import { SERVICE_LINKS } from "~/content/navigation";
import { BRAND, COPYRIGHT_YEAR, CREDIT, telHref } from "~/content/site";
import { useContactDetails } from "~/utils/use-contact-details";
import { button, container } from "~/styles/ui.css";
import { Logo } from "./Logo";
import * as s from "./Footer.css";

export function Footer() {
  const contact = useContactDetails();
  return (
    <footer className={s.footer}>
      <div className={`${container} ${s.grid}`}>
        <div className={s.brand}>
          <Logo />
          <p className={s.pitch}>Nightlife, events and concierge along the Croatian coast and the Balkans.</p>
          <Link to="/contact" className={button.ghost}>
            Contact us
          </Link>
        </div>
        <nav aria-label="Quick links">
          <h2 className={s.heading}>Quick links</h2>
          <ul className={s.list}>
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={s.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={s.heading}>Info</h2>
          <ul className={s.list}>
            <li>
              <a href={`mailto:${contact.email}`} className={s.link}>
                {contact.email}
              </a>
            </li>
            <li>
              <a href={telHref(contact.phone)} className={s.link}>
                {contact.phone}
              </a>
            </li>
            <li>
              <a href={contact.socialUrl} className={s.link} rel="noopener noreferrer" target="_blank">
                {contact.socialLabel}
                <span className={s.external}> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className={`${container} ${s.bottom}`}>
        <p>
          © {COPYRIGHT_YEAR} {BRAND}. All rights reserved.
        </p>
        <p>
          Made by{" "}
          <a href={CREDIT.url} className={s.link} rel="noopener">
            {CREDIT.name}
          </a>
        </p>
      </div>
    </footer>
  );
}
