import { CITIES, cityById, type CityId } from "~/content/cities";
import { SERVICES, type ServiceSlug } from "~/content/services";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";
import { ABOUT } from "~/i18n/about";
import { HOME } from "~/i18n/home";
import { LAYOUT } from "~/i18n/layout";
import type { Locale } from "~/i18n/locale";
import { SERVICE_TEXT } from "~/i18n/services";
import { contactDetails as envContact } from "~/utils/env.server";
import { CONTACT_KEYS, type Bi, type ContactKey, type ServiceWords, type Words } from "./words";

// Server only, so no dictionary is added to a bundle: the pages get their words as loader data.

const both = (of: (l: Locale) => string): Bi => ({ en: of("en"), hr: of("hr") });

export function shippedService(slug: ServiceSlug): ServiceWords {
  const page = (l: Locale) => SERVICE_TEXT[l].pages[slug];
  return {
    title: both((l) => LAYOUT[l].services[slug]),
    summary: both((l) => page(l).summary),
    metaDescription: both((l) => page(l).metaDescription),
    intro: both((l) => page(l).intro),
    offers: { en: [...page("en").offers], hr: [...page("hr").offers] },
    closing: both((l) => page(l).closing),
  };
}
export const shippedTagline = () => both((l) => HOME[l].tagline);
export const shippedAbout = () => both((l) => ABOUT[l]);
export const shippedVenues = (id: CityId) => [...cityById(id).venues];

type ServicePageWords = {
  title: string;
  summary: string;
  metaDescription: string;
  intro: string;
  offers: string[];
  closing: string;
};

export function serviceWords(words: Words | undefined, slug: ServiceSlug, locale: Locale): ServicePageWords {
  const s = words?.services?.[slug] ?? shippedService(slug);
  return {
    title: s.title[locale],
    summary: s.summary[locale],
    metaDescription: s.metaDescription[locale],
    intro: s.intro[locale],
    offers: s.offers[locale],
    closing: s.closing[locale],
  };
}

export const serviceTitles = (words: Words | undefined, locale: Locale) =>
  Object.fromEntries(SERVICES.map(({ slug }) => [slug, serviceWords(words, slug, locale).title])) as Record<
    ServiceSlug,
    string
  >;

export const taglineOf = (words: Words | undefined, locale: Locale) => (words?.tagline ?? shippedTagline())[locale];
export const aboutOf = (words: Words | undefined, locale: Locale) => (words?.about ?? shippedAbout())[locale];

export const citiesOf = (words: Words | undefined) =>
  CITIES.map((c) => ({ ...c, venues: words?.cities?.[c.id] ?? c.venues }));

export type Source = "default" | "environment" | "published";

/** The owner's, else the environment's, else what ships; WhatsApp as digits, wa.me's form. */
export function contactOf(words: Words | undefined, env: ContactDetails = envContact): ContactDetails {
  const c = words?.contact ?? {};
  const whatsapp = c.whatsapp ? c.whatsapp.replace(/\D/g, "") : env.whatsapp;
  return {
    email: c.email || env.email,
    phone: c.phone || env.phone,
    socialUrl: c.socialUrl || env.socialUrl,
    socialLabel: c.socialLabel || env.socialLabel,
    ...(whatsapp ? { whatsapp } : {}),
  };
}

export function contactSources(words: Words | undefined, env: ContactDetails = envContact): Record<ContactKey, Source> {
  const c = words?.contact ?? {};
  return Object.fromEntries(
    CONTACT_KEYS.map((k) => [
      k,
      c[k]
        ? "published"
        : env[k] !== undefined && env[k] !== (DEFAULT_CONTACT as Partial<ContactDetails>)[k]
          ? "environment"
          : "default",
    ]),
  ) as Record<ContactKey, Source>;
}
