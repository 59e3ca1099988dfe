import { telHref } from "~/content/site";
import { BUSINESS } from "~/i18n/business";
import { CONTACT } from "~/i18n/contact";
import { useTranslation } from "~/i18n/use-locale";
import { useContactDetails } from "~/utils/use-contact-details";
import { WhatsAppLink } from "./WhatsAppLink";
import * as s from "./ContactCards.css";

const ICONS = {
  phone: "M7 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A18 18 0 0 1 5 5a2 2 0 0 1 2-2z",
  mail: "M3 6h20v14H3zM3 6l10 8 10-8",
  pin: "M13 24s8-7.5 8-13a8 8 0 0 0-16 0c0 5.5 8 13 8 13zM13 14a3 3 0 1 0 0-6a3 3 0 0 0 0 6z",
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 26 26" width="26" height="26" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/** Phone (tap to call, and WhatsApp when configured), general info e-mail, and location. */
export function ContactCards() {
  const contact = useContactDetails();
  const { locale, t } = useTranslation(CONTACT);
  return (
    <ul className={s.cards}>
      <li className={s.card}>
        <Icon d={ICONS.phone} />
        <h2 className={s.label}>{t.cards.phone}</h2>
        <a className={s.value} href={telHref(contact.phone)}>
          {contact.phone}
        </a>
        <WhatsAppLink className={s.whatsapp} />
      </li>
      <li className={s.card}>
        <Icon d={ICONS.mail} />
        <h2 className={s.label}>{t.cards.email}</h2>
        <a className={s.value} href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </li>
      <li className={s.card}>
        <Icon d={ICONS.pin} />
        <h2 className={s.label}>{t.cards.location}</h2>
        <p className={s.value}>{BUSINESS[locale].location}</p>
      </li>
    </ul>
  );
}
