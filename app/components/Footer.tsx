import { Link } from "@remix-run/react";
import { SERVICES } from "~/content/services";
import { BRAND, COPYRIGHT_YEAR, CREDIT, telHref } from "~/content/site";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useContactDetails, useServiceTitles } from "~/utils/use-contact-details";
import { button, container } from "~/styles/ui.css";
import { Logo } from "./Logo";
import { WhatsAppLink } from "./WhatsAppLink";
import * as s from "./Footer.css";

export function Footer() {
  const contact = useContactDetails();
  const { t, to } = useTranslation(LAYOUT);
  const titles = useServiceTitles(t.services);
  return (
    <footer className={s.footer}>
      <div className={`${container} ${s.grid}`}>
        <div className={s.brand}>
          <Logo />
          <p className={s.pitch}>{t.footer.pitch}</p>
          <Link to={to("contact")} className={button.ghost}>
            {t.contactUs}
          </Link>
        </div>
        <nav aria-label={t.footer.quickLinks}>
          <h2 className={s.heading}>{t.footer.quickLinks}</h2>
          <ul className={s.list}>
            {SERVICES.map(({ slug }) => (
              <li key={slug}>
                <Link to={to(slug)} className={s.link}>
                  {titles[slug]}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to("privacy")} className={s.link}>
                {t.footer.privacy}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={s.heading}>{t.footer.info}</h2>
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
            {contact.whatsapp ? (
              <li>
                <WhatsAppLink className={s.link} />
              </li>
            ) : null}
            <li>
              <a href={contact.socialUrl} className={s.link} rel="noopener noreferrer" target="_blank">
                {contact.socialLabel}
                <span className={s.external}> {t.footer.opensInNewTab}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className={`${container} ${s.bottom}`}>
        <p>{t.footer.rights(COPYRIGHT_YEAR, BRAND)}</p>
        <p>
          {t.footer.madeBy}{" "}
          <a href={CREDIT.url} className={s.link} rel="noopener">
            {CREDIT.name}
          </a>
        </p>
      </div>
    </footer>
  );
}
