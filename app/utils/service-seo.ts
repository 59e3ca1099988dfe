import type { ServiceSlug } from "~/content/services";
import { BRAND, type ContactDetails } from "~/content/site";
import { ogImagePath } from "~/content/seo";
import { LAYOUT } from "~/i18n/layout";
import type { Locale } from "~/i18n/locale";
import { SERVICE_TEXT } from "~/i18n/services";
import { areaServedJsonLd, breadcrumbJsonLd, businessJsonLd, pageUrl, rootData, seoMeta, webPageJsonLd } from "./seo";

// Apart from seo.ts so that only the service pages carry the services' texts.

type Match = { id: string; data: unknown };

function serviceJsonLd(siteUrl: string, contact: ContactDetails, slug: ServiceSlug, locale: Locale) {
  const title = LAYOUT[locale].services[slug];
  const copy = SERVICE_TEXT[locale].pages[slug];
  const url = pageUrl(siteUrl, slug, locale);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: title,
    serviceType: title,
    description: copy.metaDescription,
    url,
    image: `${siteUrl}${ogImagePath(slug)}`,
    provider: { ...businessJsonLd(siteUrl, contact, locale), "@context": undefined },
    areaServed: areaServedJsonLd(locale),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: title,
      itemListElement: copy.offers.map((offer) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: offer },
      })),
    },
  };
}

export function serviceSeoMeta(matches: readonly Match[], slug: ServiceSlug, locale: Locale) {
  const { siteUrl, contact } = rootData(matches);
  const title = LAYOUT[locale].services[slug];
  const text = SERVICE_TEXT[locale];
  return seoMeta(matches, {
    id: slug,
    locale,
    title,
    description: text.pages[slug].metaDescription,
    imageAlt: text.imageAlt(title, BRAND),
    jsonLd: [
      serviceJsonLd(siteUrl, contact, slug, locale),
      webPageJsonLd(siteUrl, slug, locale, title),
      breadcrumbJsonLd(siteUrl, locale, [{ name: title, id: slug }]),
    ],
  });
}
