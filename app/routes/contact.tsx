import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { ContactCards } from "~/components/ContactCards";
import { Toast } from "~/components/Toast";
import { ABOUT_TEXT } from "~/content/site";
import { accepted, invalid, notStored, tooMany, unreadable, type ContactActionData } from "~/enquiry/answers.server";
import { ContactForm } from "~/enquiry/ContactForm";
import { EMPTY_ENQUIRY } from "~/enquiry/fields";
import { readFormBody } from "~/enquiry/form-body.server";
import { countEnquiry } from "~/enquiry/rate-limit.server";
import { honeypotState, parseEnquiry, readEnquiryValues } from "~/enquiry/schema.server";
import { storeEnquiry } from "~/enquiry/queue.server";
import { contactDetails, env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { breadcrumbJsonLd, businessJsonLd, rootData, seoMeta } from "~/utils/seo";
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

/** POST /contact, with or without JavaScript. Cross-site posts never get here (the server
 * answers them 403). Every outcome is a handled response; none is a 5xx page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { requestId } = context;
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
    return tooMany(body.ok ? readEnquiryValues(body.form) : EMPTY_ENQUIRY, limit.retryAfterSeconds, contactDetails);
  }
  if (!body.ok) {
    log("warn", "enquiry.rejected", { requestId, reason: body.reason, status: body.status });
    return unreadable(body);
  }

  const trap = honeypotState(body.form);
  if (env.HONEYPOT && trap !== "empty") {
    // A bot gets the answer a person gets, and nothing is sent.
    log("warn", "enquiry.honeypot", { requestId, present: trap === "filled" });
    return accepted();
  }

  const parsed = parseEnquiry(body.form);
  if (!parsed.ok) return invalid(parsed);

  // Accepted once stored: the delivery worker hands it to EmailJS, retrying as needed.
  const stored = await storeEnquiry(parsed.enquiry, requestId);
  return stored.ok ? accepted() : notStored(parsed.values, contactDetails);
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
export const handle = { hydrate: true };
