import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BRAND } from "~/content/site";
import { FORM_NAMES } from "~/content/enquiry-fields";
import { BUSINESS } from "~/i18n/business";
import { CONTACT } from "~/i18n/contact";
import { localeOfPath } from "~/i18n/locale";
import { PRIVACY, type PrivacyFacts } from "~/i18n/privacy";
import { confirmationRule, teamChannels } from "~/delivery/channels.server";
import { contactOf } from "~/site/words.server";
import { env } from "~/utils/env.server";
import { leafPageMeta } from "~/utils/seo";
import { container } from "~/styles/ui.css";
import * as s from "./privacy.css";

export const meta = leafPageMeta("privacy", PRIVACY);

/** The privacy notice's facts come from the code and the running configuration: the form's
 * fields, the outbox's retention, the rate limit, the operator's contact details. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const contactDetails = contactOf((await context.wiring.site.pageDocument(request)).document.words);
  const facts: PrivacyFacts = {
    brand: BRAND,
    location: BUSINESS[locale].location,
    email: contactDetails.email,
    phone: contactDetails.phone,
    fields: FORM_NAMES.map((field) => CONTACT[locale].labels[field]),
    retentionDays: env.ENQUIRY_RETENTION_DAYS,
    spamRetentionDays: env.SPAM_RETENTION_DAYS,
    giveUpHours: env.OUTBOX_GIVE_UP_HOURS,
    rateLimitMinutes: Math.max(1, Math.round(env.RATE_LIMIT_WINDOW_SECONDS / 60)),
    whatsapp: Boolean(contactDetails.whatsapp),
    teamChannels: teamChannels(env),
    confirmation: confirmationRule(env) !== undefined,
    visitRetentionDays: env.VISIT_RETENTION_DAYS,
  };
  return { locale, facts };
}

export default function Privacy() {
  const { locale, facts } = useLoaderData<typeof loader>();
  const t = PRIVACY[locale];
  return (
    <article className={`${container} ${s.page}`} aria-labelledby="privacy-title">
      <h1 id="privacy-title" className={s.title}>
        {t.heading}
      </h1>
      <p className={s.text}>{t.intro(facts)}</p>
      {t.sections(facts).map((section) => (
        <section key={section.heading} className={s.sectionBlock}>
          <h2 className={s.heading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className={s.text}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
