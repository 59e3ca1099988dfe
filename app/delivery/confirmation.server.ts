import { CATEGORIES, type Category } from "~/content/enquiry-fields";
import { BRAND, type ContactDetails } from "~/content/site";
import { CONFIRMATION, type ConfirmationFacts } from "~/i18n/confirmation.server";
import { CONTACT } from "~/i18n/contact";
import { detailsLine, givenDetails } from "~/i18n/detail-text";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/locale";
import type { EmailJsConfig } from "~/utils/env.server";
import { CONFIRMATION_CHANNEL } from "~/store/accepted-deliveries.server";
import type { Delivery } from "~/store/store.server";
import { EMAILJS_PACING, postEmailJs } from "./emailjs.server";
import { judgeEmailJs } from "./retry-policy.server";
import type { DeliveryChannel, SendResult } from "./transport.server";

/** A stranger's name in a stranger's mailbox must arrive inert: nothing a mail client would make a link of. */
export function inertName(name: string): string {
  const words = name
    .replace(/<[^>]*>?/g, " ") // tags, and a tag left open
    .replace(/&[#\w]*;?/g, " ") // entities
    .split(/\s+/)
    .filter(
      (word) =>
        !/[:/@\\]/.test(word) && // schemes, paths, addresses
        !/^www\./i.test(word) &&
        !/\.[a-z]{2,}/i.test(word), // a domain, "x.y"
    )
    .map((word) => word.replace(/[<>"`{}[\]()|*_~=#^$%]/g, ""))
    .filter(Boolean);
  let kept = "";
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > 60) break;
    kept = next;
  }
  return kept;
}

export function confirmationVariables(record: Delivery, contact: ContactDetails): Record<string, string> {
  const enquiry = record.enquiry;
  const locale: Locale = LOCALES.find((l) => l === enquiry.language) ?? DEFAULT_LOCALE;
  const category = (CATEGORIES as readonly string[]).includes(enquiry.category)
    ? CONTACT[locale].categories[enquiry.category as Category]
    : CONTACT[locale].categories.other;
  const facts: ConfirmationFacts = {
    brand: BRAND,
    name: inertName(enquiry.name),
    reference: record.reference ?? "",
    category,
    replyTime: CONTACT[locale].replyTime,
    phone: contact.phone,
    whatsapp: contact.whatsapp,
    details: detailsLine(givenDetails(enquiry, locale)),
  };
  const t = CONFIRMATION[locale];
  return {
    to_email: enquiry.email.trim(),
    to_name: facts.name,
    reply_to: contact.email,
    language: locale,
    subject: t.subject(facts),
    greeting: t.greeting(facts),
    text: t.text(facts),
    reference: facts.reference,
    reference_line: t.reference(facts),
    category: t.category(facts),
    details: t.details(facts),
    reply_time: t.replyTime(facts),
    phone: t.phone(facts),
    whatsapp: t.whatsapp(facts),
    signature: t.signature(facts),
  };
}

/** Paced with the team's e-mail on the one account: EmailJS allows one request a second per account. */
export function confirmationChannel(
  config: EmailJsConfig & { confirmationTemplateId: string },
  contact: ContactDetails | (() => ContactDetails),
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
  send: (variables: Record<string, string>) => Promise<SendResult> = (variables) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(variables)) form.set(key, value);
    return postEmailJs(config, config.confirmationTemplateId, form, { timeoutMs });
  },
): DeliveryChannel {
  return {
    name: CONFIRMATION_CHANNEL,
    pacing: EMAILJS_PACING,
    intervalMs,
    send: (delivery) => send(confirmationVariables(delivery, typeof contact === "function" ? contact() : contact)),
    judge: judgeEmailJs,
    giveUpFix: (ms) =>
      `Still failing after ${Math.round(ms / 3_600_000)} h: check EmailJS's status, the account and the confirmation template (EMAILJS_CONFIRMATION_TEMPLATE_ID), then \`npm run outbox -- retry --failed\`.`,
  };
}
