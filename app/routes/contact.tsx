import type { MetaFunction } from "@remix-run/node";
import { ContactCards } from "~/components/ContactCards";
import { ContactForm } from "~/components/ContactForm";
import { EMPTY_ENQUIRY } from "~/content/enquiry";
import { ABOUT_TEXT } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import { container, eyebrow, lead, sectionTitle } from "~/styles/ui.css";
import * as s from "./contact.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Contact us",
    "Send us a message, call or e-mail our team in Split, Croatia, about VIP nightlife, events and concierge services. We answer every enquiry.",
  );

export default function Contact() {
  return (
    <div className={`${container} ${s.page}`}>
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
        <ContactForm values={EMPTY_ENQUIRY} />
      </section>
    </div>
  );
}
