import { Link } from "@remix-run/react";
import { telHref } from "~/content/site";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useContactDetails } from "~/utils/use-contact-details";
import { button, container, eyebrow, lead } from "~/styles/ui.css";
import * as s from "./ErrorPage.css";

type Props = { status: number; title: string; message: string; detail?: string };

/** In the language of the address asked for. */
export function ErrorPage({ status, title, message, detail }: Props) {
  const contact = useContactDetails();
  const { t, to } = useTranslation(LAYOUT);
  return (
    <section className={`${container} ${s.page}`}>
      <span className={eyebrow}>{t.errors.label(status)}</span>
      <h1 className={s.title}>{title}</h1>
      <p className={lead}>{message}</p>
      <p className={lead}>
        {t.errors.reachUs} <a href={`mailto:${contact.email}`}>{contact.email}</a> {t.errors.or}{" "}
        <a href={telHref(contact.phone)}>{contact.phone}</a>.
      </p>
      <div className={s.actions}>
        <Link to={to("home")} className={button.primary}>
          {t.errors.backHome}
        </Link>
        <Link to={to("contact")} className={button.ghost}>
          {t.contactUs}
        </Link>
      </div>
      {detail ? <pre className={s.detail}>{detail}</pre> : null}
    </section>
  );
}
