import { NavLink } from "@remix-run/react";
import type { MouseEvent } from "react";
import { SERVICES } from "~/content/services";
import { telHref } from "~/content/site";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useContactDetails, useServiceTitles } from "~/utils/use-contact-details";
import { LanguageSwitch } from "./LanguageSwitch";
import { WhatsAppLink } from "./WhatsAppLink";
import * as s from "./MenuOverlay.css";

const MENU_ID = "site-menu";

/** A navigation without a page load (where React runs) leaves the popover open: close it. */
const closeMenu = (event: MouseEvent<HTMLAnchorElement>) =>
  (event.currentTarget.closest("[popover]") as HTMLElement | null)?.hidePopover?.();

function MenuLinks() {
  const contact = useContactDetails();
  const { t, to } = useTranslation(LAYOUT);
  const titles = useServiceTitles(t.services);
  const links = [
    { to: to("home"), label: t.home },
    ...SERVICES.map(({ slug }) => ({ to: to(slug), label: titles[slug] })),
    { to: to("contact"), label: t.contact },
  ];
  return (
    <nav aria-label={t.mainMenu} className={s.panel}>
      <ul className={s.list}>
        {links.map((link, index) => (
          <li key={link.to}>
            {/* Focus moves into the menu as it opens (the popover's own rule for autofocus). */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <NavLink to={link.to} end className={s.link} autoFocus={index === 0} onClick={closeMenu}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className={s.reach}>
        <a href={telHref(contact.phone)}>{contact.phone}</a>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
        <WhatsAppLink />
      </p>
      <LanguageSwitch className={s.language} landmark={false} />
    </nav>
  );
}

function BurgerIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        className={s.bars}
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path className={s.cross} d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A native popover: opening, closing, focus and the state assistive technology hears all work without JavaScript. */
export function MenuOverlay() {
  const { t } = useTranslation(LAYOUT);
  return (
    <>
      <button type="button" className={s.toggle} aria-label={t.menu} popovertarget={MENU_ID}>
        <BurgerIcon />
      </button>
      <div id={MENU_ID} popover="auto" className={s.overlay}>
        <MenuLinks />
      </div>
    </>
  );
}
