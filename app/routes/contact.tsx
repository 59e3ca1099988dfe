import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { BUSINESS } from "~/i18n/business";
import { CONTACT } from "~/i18n/contact";
import { localeOfPath } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-locale";
import { ContactCards } from "~/components/ContactCards";
import { Toast } from "~/components/Toast";
import { accepted, invalid, notStored, tooMany, unreadable, type ContactActionData } from "~/enquiry/answers.server";
import { ContactForm } from "~/enquiry/ContactForm";
import { EMPTY_ENQUIRY } from "~/enquiry/fields";
import { readFormBody } from "~/enquiry/form-body.server";
import { countEnquiry } from "~/enquiry/rate-limit.server";
import { honeypotState, parseEnquiry, readEnquiryValues } from "~/enquiry/schema.server";
import { storeEnquiry } from "~/enquiry/queue.server";
import { contactDetails, env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { breadcrumbJsonLd, businessJsonLd, rootData, seoMeta, webPageJsonLd } from "~/utils/seo";
import { container, eyebrow, lead, sectionTitle } from "~/styles/ui.css";
import * as s from "./contact.css";

export const meta: MetaFunction = ({ matches, location }) => {
  const { siteUrl, contact } = rootData(matches);
  const locale = localeOfPath(location.pathname);
  const t = CONTACT[locale];
  return seoMeta(matches, {
    id: "contact",
    locale,
    title: t.title,
    description: t.description,
    imageAlt: t.imageAlt,
    jsonLd: [
      businessJsonLd(siteUrl, contact, locale),
      webPageJsonLd(siteUrl, "contact", locale, t.title),
      breadcrumbJsonLd(siteUrl, locale, [{ name: t.title, id: "contact" }]),
    ],
  });
};

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

/** POST /contact, with or without JavaScript. Cross-site posts never get here (the server
 * answers them 403). Every outcome is a handled response; none is a 5xx page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { requestId } = context;
  const locale = localeOfPath(new URL(request.url).pathname);
  // Remix calls the action for every method but GET and HEAD; the server already refuses
  // the rest, this keeps the action safe on its own.
  if (request.method !== "POST") {
    return new Response("Method Not Allowed", {
      status: 405,
      headers: { Allow: "GET, HEAD, POST", "Cache-Control": "private, no-store" },
    });
  }

  const limit = countEnquiry(request, context.clientAddress);
  const body = await readFormBody(request);
  if (!limit.allowed) {
    log("warn", "enquiry.rate_limited", { requestId, retryAfterSeconds: limit.retryAfterSeconds });
    return tooMany(
      locale,
      body.ok ? readEnquiryValues(body.form) : EMPTY_ENQUIRY,
      limit.retryAfterSeconds,
      contactDetails,
    );
  }
  if (!body.ok) {
    log("warn", "enquiry.rejected", { requestId, reason: body.reason, status: body.status });
    return unreadable(locale, body);
  }

  const trap = honeypotState(body.form);
  if (env.HONEYPOT && trap !== "empty") {
    // A bot gets the answer a person gets, and nothing is sent.
    log("warn", "enquiry.honeypot", { requestId, present: trap === "filled" });
    return accepted(locale);
  }

  const parsed = parseEnquiry(body.form, locale);
  if (!parsed.ok) return invalid(locale, parsed);

  // Accepted once stored: the delivery worker hands it to EmailJS, retrying as needed.
  const stored = await storeEnquiry(parsed.enquiry, requestId);
  return stored.ok ? accepted(locale) : notStored(locale, parsed.values, contactDetails);
}

export default function Contact() {
  const result = useActionData<ContactActionData>();
  // A new key after every submission: the form is rebuilt from what the server returned
  // (the values kept after a problem, or empty after a success).
  const { key } = useLocation();
  const { locale, t } = useTranslation(CONTACT);
  return (
    <div className={`${container} ${s.page}`}>
      {result?.toast ? <Toast key={key} toast={result.toast} /> : null}
      <section aria-labelledby="contact-title" className={s.about}>
        <h1 id="contact-title" className={s.title}>
          {t.heading}
        </h1>
        <span className={eyebrow}>{t.aboutEyebrow}</span>
        <p className={lead}>{BUSINESS[locale].about}</p>
      </section>
      <ContactCards />
      <section aria-labelledby="form-title" className={s.formCard}>
        <h2 id="form-title" className={sectionTitle}>
          {t.formTitle}
        </h2>
        <p className={s.formIntro}>{t.formIntro}</p>
        <ContactForm key={key} values={result?.values ?? EMPTY_ENQUIRY} fieldErrors={result?.fieldErrors} />
      </section>
    </div>
  );
}
export const handle = { hydrate: true };
