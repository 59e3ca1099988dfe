import { Link } from "@remix-run/react";
import { telHref } from "~/content/site";
import { useContactDetails } from "~/utils/use-contact-details";
import { button, container, eyebrow, lead } from "~/styles/ui.css";
import * as s from "./ErrorPage.css";

type Props = { status: number; title: string; message: string; detail?: string };

/** The branded page for 404s and unexpected errors, inside the normal header and footer. */
export function ErrorPage({ status, title, message, detail }: Props) {
  const contact = useContactDetails();
  return (
    <section className={`${container} ${s.page}`}>
      <span className={eyebrow}>Error {status}</span>
      <h1 className={s.title}>{title}</h1>
      <p className={lead}>{message}</p>
      <p className={lead}>
        You can always reach us at <a href={`mailto:${contact.email}`}>{contact.email}</a> or{" "}
        <a href={telHref(contact.phone)}>{contact.phone}</a>.
      </p>
      <div className={s.actions}>
        <Link to="/" className={button.primary}>
          Back to the home page
        </Link>
        <Link to="/contact" className={button.ghost}>
          Contact us
        </Link>
      </div>
      {detail ? <pre className={s.detail}>{detail}</pre> : null}
    </section>
  );
}
