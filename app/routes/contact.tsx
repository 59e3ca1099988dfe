import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { useActionData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { paragraphs } from "~/content/paragraphs";
import { CONTACT } from "~/i18n/contact";
import { useTranslation } from "~/i18n/use-locale";
import { ContactCards } from "~/components/ContactCards";
import { Toast } from "~/components/Toast";
import { handleEnquiry, type ContactActionData } from "~/enquiry/action.server";
import { ContactForm } from "~/enquiry/ContactForm";
import { ENQUIRY_ANCHOR } from "~/content/enquiry-fields";
import { REFERENCE_IN_TEXT } from "~/content/reference";
import { businessJsonLd, leafPageMeta } from "~/utils/seo";
import { button, container, eyebrow, lead, sectionTitle } from "~/styles/ui.css";
import * as s from "./contact.css";

export const meta = leafPageMeta("contact", CONTACT, ({ siteUrl, contact, about }, locale) => [
  businessJsonLd(siteUrl, contact, locale, about),
]);

/** The page answered after a POST carries what the action said about it: when to try again
 * (429, 503) and that it is private. Everything else is the root's (the toast's cookie). */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/** POST /contact, with or without JavaScript: the enquiry feature's one server entry. */
// The server may have run it already, for a POST without JavaScript (server/answer-first.ts).
export const action = (args: ActionFunctionArgs) => args.context.enquiryAnswer ?? handleEnquiry(args);

export default function Contact() {
  const result = useActionData<ContactActionData>();
  // A new key after every submission: the form is rebuilt from what the server returned
  // (the values kept after a problem, or empty after a success).
  const { key } = useLocation();
  const { t } = useTranslation(CONTACT);
  // After an accepted enquiry, the success toast's words stay beside the form: the toast goes
  // after 6 s, the reference must not. Not a live region: the toast already announced it.
  // (Single fetch runs the root loader on every navigation, so the toast is this page's only.)
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const toast = root?.toast;
  const sent = !result && toast?.type === "success" ? toast : null;
  return (
    <div className={`${container} ${s.page}`}>
      {result?.toast ? <Toast key={key} toast={result.toast} /> : null}
      <section aria-labelledby="contact-title" className={s.about}>
        <h1 id="contact-title" className={s.title}>
          {t.heading}
        </h1>
        {/* On a phone the form is below the about text and the cards: one tap takes the
            visitor there (the desktop shows it on the first screen, and no link). */}
        <p className={s.toForm}>
          <a href={`#${ENQUIRY_ANCHOR}`} className={button.primary}>
            {t.formTitle} <span aria-hidden="true">↓</span>
          </a>
        </p>
        <span className={eyebrow}>{t.aboutEyebrow}</span>
        {paragraphs(root?.about ?? "").map((p, i) => (
          <p key={i} className={lead}>
            {p}
          </p>
        ))}
      </section>
      <ContactCards />
      <section id={ENQUIRY_ANCHOR} aria-labelledby="form-title" className={s.formCard}>
        <h2 id="form-title" className={sectionTitle}>
          {t.formTitle}
        </h2>
        <p className={s.formIntro}>{t.formIntro}</p>
        {sent ? <SentNotice message={sent.message} description={sent.description} /> : null}
        <ContactForm key={key} values={result?.values} fieldErrors={result?.fieldErrors} sent={sent !== null} />
      </section>
    </div>
  );
}

/** The success toast's words, kept beside the form; the reference in them on one line, never
 * broken at its dash. */
function SentNotice({ message, description = "" }: { message: string; description?: string }) {
  const parts = description.split(REFERENCE_IN_TEXT);
  return (
    <p className={s.sent} data-sent="">
      <strong>{message}</strong>
      {description ? (
        <span>
          {parts.map((part, i) =>
            i % 2 ? (
              <strong key={i} className={s.reference} data-reference="">
                {part}
              </strong>
            ) : (
              part
            ),
          )}
        </span>
      ) : null}
    </p>
  );
}
export const handle = { hydrate: true };
