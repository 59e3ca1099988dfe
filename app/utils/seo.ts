import type { MetaDescriptor } from "@remix-run/node";
import type { PageId } from "~/content/pages";
import { AREAS_SERVED, OG_IMAGE, ogImagePath } from "~/content/seo";
import type { Service } from "~/content/services";
import { ABOUT_TEXT, BRAND, DEFAULT_CONTACT, LOCATION, type ContactDetails } from "~/content/site";

type ServiceSeo = Pick<Service, "title" | "metaDescription" | "slug" | "offers">;

type RootData = { siteUrl?: string; contact?: ContactDetails };
type Match = { id: string; data: unknown };

export type PageSeo = {
  /** Page title without the brand; null for the home page. */
  title: string | null;
  description: string;
  path: string;
  image: PageId;
  imageAlt: string;
  /** Extra structured data for this page (the organisation is added by the caller). */
  jsonLd?: Record<string, unknown>[];
};

export function rootData(matches: readonly Match[]): Required<RootData> {
  const data = (matches.find((m) => m.id === "root")?.data ?? {}) as RootData;
  return { siteUrl: data.siteUrl ?? "http://localhost:3000", contact: data.contact ?? DEFAULT_CONTACT };
}

export const fullTitle = (title: string | null) =>
  title ? `${title} | ${BRAND}` : `${BRAND} | VIP Nightlife, Events & Concierge in Split, Croatia`;

/** Title, description, canonical URL, Open Graph and Twitter card tags, and JSON-LD. */
export function seoMeta(matches: readonly Match[], page: PageSeo): MetaDescriptor[] {
  const { siteUrl } = rootData(matches);
  const url = `${siteUrl}${page.path === "/" ? "/" : page.path}`;
  const image = `${siteUrl}${ogImagePath(page.image)}`;
  const title = fullTitle(page.title);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BRAND },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: OG_IMAGE.type },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: page.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: page.imageAlt },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** The business as schema.org LocalBusiness; other entities refer to it by @id. */
export function businessJsonLd(siteUrl: string, contact: ContactDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: BRAND,
    description: ABOUT_TEXT,
    url: `${siteUrl}/`,
    image: `${siteUrl}${ogImagePath("home")}`,
    logo: `${siteUrl}/icons/icon-512.png`,
    telephone: contact.phone,
    email: contact.email,
    sameAs: [contact.socialUrl],
    address: { "@type": "PostalAddress", addressLocality: LOCATION.split(",")[0]!.trim(), addressCountry: "HR" },
    areaServed: AREAS_SERVED.map((name) => ({ "@type": "Country", name })),
  };
}

export function websiteJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: BRAND,
    url: `${siteUrl}/`,
    inLanguage: "en",
    publisher: { "@id": `${siteUrl}/#business` },
  };
}

export function breadcrumbJsonLd(siteUrl: string, trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: `${siteUrl}${item.path}`,
    })),
  };
}

export function serviceJsonLd(siteUrl: string, contact: ContactDetails, service: ServiceSeo) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${siteUrl}/${service.slug}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.metaDescription,
    url: `${siteUrl}/${service.slug}`,
    image: `${siteUrl}${ogImagePath(service.slug)}`,
    provider: { ...businessJsonLd(siteUrl, contact), "@context": undefined },
    areaServed: AREAS_SERVED.map((name) => ({ "@type": "Country", name })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: service.title,
      itemListElement: service.offers.map((offer) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: offer },
      })),
    },
  };
}

/** The meta of a service page: its tags, the Service and the breadcrumb. */
export function serviceSeoMeta(matches: readonly Match[], service: ServiceSeo) {
  const { siteUrl, contact } = rootData(matches);
  return seoMeta(matches, {
    title: service.title,
    description: service.metaDescription,
    path: `/${service.slug}`,
    image: service.slug,
    imageAlt: `${service.title} by ${BRAND}, on a night-time Adriatic skyline`,
    jsonLd: [
      serviceJsonLd(siteUrl, contact, service),
      breadcrumbJsonLd(siteUrl, [{ name: service.title, path: `/${service.slug}` }]),
    ],
  });
}
