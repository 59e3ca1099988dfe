import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Toast } from "~/components/Toast";
import { contactAction } from "~/contact.server";
import type { ContactActionData } from "~/contact-action.server";
import { ContactCards } from "~/components/ContactCards";
import { ContactForm } from "~/components/ContactForm";
import { EMPTY_ENQUIRY } from "~/content/enquiry";
import { ABOUT_TEXT } from "~/content/site";
import { breadcrumbJsonLd, businessJsonLd, rootData, seoMeta } from "~/lib/seo";
import { container, eyebrow, lead, sectionTitle } from "~/styles/ui.css";
import * as s from "./contact.css";

export const meta: MetaFunction = ({ matches }) => {
  const { siteUrl, contact } = rootData(matches);
  return seoMeta(matches, {
    title: "Contact us",
    description:
      "Send us a message, call or e-mail our team in Split, Croatia, about VIP nightlife, events and concierge services. We answer every enquiry.",
    path: "/contact",
    image: "contact",
    imageAlt: "Contact Adriatic VIP in Split, Croatia",
    jsonLd: [businessJsonLd(siteUrl, contact), breadcrumbJsonLd(siteUrl, [{ name: "Contact us", path: "/contact" }])],
  });
};

export function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

export default function Contact() {
  const result = useActionData<ContactActionData>();
  // A new key after every submission: the form is rebuilt from what the server returned
  // (the values kept after a problem, or empty after a success).
  const { key } = useLocation();
  return (
    <div className={`${container} ${s.page}`}>
      {result?.toast ? <Toast key={key} toast={result.toast} /> : null}
      <section aria-labelledby="contact-title" className={s.about}>
        <h1 id="contact-title" className={s.title}>
          Contact us
        </h1>
        <span className={eyebrow}>ABOUT US</span>
        <p className={lead}>{ABOUT_TEXT}</p>
      </section>
      <ContactCards />
      <section aria-labelledby="form-title" className={s.formCard}>
        <h2 id="form-title" className={sectionTitle}>
          Send us a message
        </h2>
        <p className={s.formIntro}>All fields are required. We usually reply within one day.</p>
        <ContactForm key={key} values={result?.values ?? EMPTY_ENQUIRY} fieldErrors={result?.fieldErrors} />
      </section>
    </div>
  );
}
