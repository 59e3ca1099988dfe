import type { ServiceSlug } from "~/content/services";
import { BRAND, type ContactDetails } from "~/content/site";
import { ogImagePath } from "~/content/seo";
import type { Locale } from "~/i18n/locale";
import { SERVICE_TEXT } from "~/i18n/services";
import { areaServedJsonLd, breadcrumbJsonLd, businessJsonLd, pageUrl, rootData, seoMeta, webPageJsonLd } from "./seo";

// Apart from seo.ts so that only the service pages carry the services' texts.

type Match = { id: string; data: unknown };

type Words = { title: string; metaDescription: string; offers: readonly string[] };

function serviceJsonLd(
  siteUrl: string,
  contact: ContactDetails,
  slug: ServiceSlug,
  locale: Locale,
  copy: Words,
  about?: string,
) {
  const title = copy.title;
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
    provider: { ...businessJsonLd(siteUrl, contact, locale, about), "@context": undefined },
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

export function serviceSeoMeta(matches: readonly Match[], slug: ServiceSlug, locale: Locale, words: Words) {
  const { siteUrl, contact, about } = rootData(matches);
  const title = words.title;
  const text = SERVICE_TEXT[locale];
  return seoMeta(matches, {
    id: slug,
    locale,
    title,
    description: words.metaDescription,
    imageAlt: text.imageAlt(title, BRAND),
    jsonLd: [
      serviceJsonLd(siteUrl, contact, slug, locale, words, about),
      webPageJsonLd(siteUrl, slug, locale, title),
      breadcrumbJsonLd(siteUrl, locale, [{ name: title, id: slug }]),
    ],
  });
}
