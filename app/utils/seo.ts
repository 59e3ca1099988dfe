import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { pagePath, type PageId } from "~/content/pages";
import { OG_IMAGE, ogImagePath } from "~/content/seo";
import { BRAND, DEFAULT_CONTACT, type ContactDetails } from "~/content/site";
import { BUSINESS } from "~/i18n/business";
import { LAYOUT } from "~/i18n/layout";
import { DEFAULT_LOCALE, LANGUAGE, LOCALES, localeOfPath, type Locale } from "~/i18n/locale";

type RootData = { siteUrl?: string; contact?: ContactDetails; about?: string };
type Match = { id: string; data: unknown };

type PageSeo = {
  id: PageId;
  locale: Locale;
  title: string | null;
  description: string;
  imageAlt: string;
  jsonLd?: Record<string, unknown>[];
};

export function rootData(matches: readonly Match[]): Required<Omit<RootData, "about">> & Pick<RootData, "about"> {
  const data = (matches.find((m) => m.id === "root")?.data ?? {}) as RootData;
  return {
    siteUrl: data.siteUrl ?? "http://localhost:3000",
    contact: data.contact ?? DEFAULT_CONTACT,
    about: data.about,
  };
}

const fullTitle = (title: string | null, locale: Locale) =>
  title ? `${title} | ${BRAND}` : `${BRAND} | ${LAYOUT[locale].siteTitle}`;

export const pageUrl = (siteUrl: string, id: PageId, locale: Locale) => `${siteUrl}${pagePath(id, locale)}`;

export const languageAlternates = (siteUrl: string, id: PageId): [hrefLang: string, href: string][] => [
  ...LOCALES.map((locale): [string, string] => [locale, pageUrl(siteUrl, id, locale)]),
  ["x-default", pageUrl(siteUrl, id, DEFAULT_LOCALE)],
];

export const areaServedJsonLd = (locale: Locale) =>
  BUSINESS[locale].areasServed.map((name) => ({ "@type": "Country", name }));

export function seoMeta(matches: readonly Match[], page: PageSeo): MetaDescriptor[] {
  const { siteUrl } = rootData(matches);
  const url = pageUrl(siteUrl, page.id, page.locale);
  const image = `${siteUrl}${ogImagePath(page.id)}`;
  const title = fullTitle(page.title, page.locale);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(siteUrl, page.id).map(([hrefLang, href]) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang,
      href,
    })),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BRAND },
    { property: "og:locale", content: LANGUAGE[page.locale].ogLocale },
    ...LOCALES.filter((l) => l !== page.locale).map((l) => ({
      property: "og:locale:alternate",
      content: LANGUAGE[l].ogLocale,
    })),
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

const AVAILABLE_LANGUAGES = ["English", "Croatian"];

export function businessJsonLd(siteUrl: string, contact: ContactDetails, locale: Locale, about?: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: BRAND,
    description: about || undefined,
    url: pageUrl(siteUrl, "home", locale),
    image: `${siteUrl}${ogImagePath("home")}`,
    logo: `${siteUrl}/icons/icon-512.png`,
    telephone: contact.phone,
    email: contact.email,
    sameAs: [contact.socialUrl],
    address: { "@type": "PostalAddress", addressLocality: "Split", addressCountry: "HR" },
    areaServed: areaServedJsonLd(locale),
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: contact.phone,
        email: contact.email,
        availableLanguage: AVAILABLE_LANGUAGES,
      },
      ...(contact.whatsapp
        ? [
            {
              "@type": "ContactPoint",
              contactType: "reservations",
              name: "WhatsApp",
              telephone: `+${contact.whatsapp}`,
              url: `https://wa.me/${contact.whatsapp}`,
              availableLanguage: AVAILABLE_LANGUAGES,
            },
          ]
        : []),
    ],
  };
}

export function websiteJsonLd(siteUrl: string, locale: Locale) {
  const url = pageUrl(siteUrl, "home", locale);
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${url}#website`,
    name: BRAND,
    url,
    inLanguage: locale,
    publisher: { "@id": `${siteUrl}/#business` },
  };
}

export function webPageJsonLd(siteUrl: string, id: PageId, locale: Locale, name: string) {
  const url = pageUrl(siteUrl, id, locale);
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": `${url}#webpage`,
    url,
    name,
    inLanguage: locale,
    isPartOf: { "@id": `${pageUrl(siteUrl, "home", locale)}#website` },
  };
}

export function breadcrumbJsonLd(siteUrl: string, locale: Locale, trail: { name: string; id: PageId }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: LAYOUT[locale].home, id: "home" as PageId }, ...trail].map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: pageUrl(siteUrl, item.id, locale),
    })),
  };
}

export function leafPageMeta(
  id: PageId,
  texts: Record<Locale, { title: string; description: string; imageAlt?: string }>,
  more: (root: ReturnType<typeof rootData>, locale: Locale) => Record<string, unknown>[] = () => [],
): MetaFunction {
  return ({ matches, location }) => {
    const root = rootData(matches);
    const locale = localeOfPath(location.pathname);
    const t = texts[locale];
    return seoMeta(matches, {
      id,
      locale,
      title: t.title,
      description: t.description,
      imageAlt: t.imageAlt ?? t.title,
      jsonLd: [
        ...more(root, locale),
        webPageJsonLd(root.siteUrl, id, locale, t.title),
        breadcrumbJsonLd(root.siteUrl, locale, [{ name: t.title, id }]),
      ],
    });
  };
}
