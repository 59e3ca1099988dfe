import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CitySelector } from "~/components/CitySelector";
import { Gallery } from "~/components/Gallery";
import { Hero } from "~/components/Hero";
import { ServiceCards } from "~/components/ServiceCards";
import { HOME_GALLERY_INITIAL, HOME_GALLERY_MORE } from "~/content/galleries";
import { citiesOf, serviceWords, taglineOf } from "~/site/words.server";
import { SERVICES } from "~/content/services";
import { HOME } from "~/i18n/home";
import { LAYOUT } from "~/i18n/layout";
import { localeOfPath } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-locale";
import { homeHref, readHomeState } from "~/utils/home-query";
import { businessJsonLd, rootData, seoMeta, websiteJsonLd } from "~/utils/seo";
import { button, container, eyebrow, lead, section, sectionTitle } from "~/styles/ui.css";
import * as s from "./_index.css";

export const meta: MetaFunction = ({ matches, location }) => {
  const { siteUrl, contact, about } = rootData(matches);
  const locale = localeOfPath(location.pathname);
  return seoMeta(matches, {
    id: "home",
    locale,
    title: null,
    description: HOME[locale].description,
    imageAlt: HOME[locale].imageAlt,
    jsonLd: [businessJsonLd(siteUrl, contact, locale, about), websiteJsonLd(siteUrl, locale)],
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  // The owner's published photos and words (or what ships); the draft in a preview.
  const page = await context.wiring.site.pageDocument(request);
  const { document } = page;
  const images = await context.wiring.site.pageGallery(page, "home", locale);
  const cards = SERVICES.map(({ slug }) => {
    const w = serviceWords(document.words, slug, locale);
    return { slug, title: w.title, summary: w.summary };
  });
  return {
    ...readHomeState(url.searchParams),
    images,
    tagline: taglineOf(document.words, locale),
    cards,
    cities: citiesOf(document.words),
  };
}

export default function Home() {
  const state = useLoaderData<typeof loader>();
  const { locale, t, to } = useTranslation(HOME);
  const layout = LAYOUT[locale];
  return (
    <>
      <Hero tagline={state.tagline} />
      <section className={`${container} ${section}`} aria-labelledby="needs-title">
        <div className={s.head}>
          <div>
            <span className={eyebrow}>{t.ourServices}</span>
            <h2 id="needs-title" className={sectionTitle}>
              {t.findNeeds}
            </h2>
          </div>
          <Link to={to("contact")} className={button.ghost}>
            {layout.contact}
          </Link>
        </div>
        <ServiceCards cards={state.cards} />
      </section>
      <section id="cities" className={`${container} ${section}`} aria-labelledby="cities-title">
        <span className={eyebrow}>{t.citiesEyebrow}</span>
        <h2 id="cities-title" className={sectionTitle}>
          {t.citiesTitle}
        </h2>
        <p className={`${lead} ${s.prompt}`}>{t.citiesPrompt}</p>
        <CitySelector
          cities={state.cities}
          selectedId={state.cityId}
          hrefFor={(cityId) => homeHref({ ...state, cityId }, "cities", locale)}
        />
      </section>
      <section id="gallery" className={`${container} ${section}`} aria-labelledby="gallery-title">
        <span className={eyebrow}>{t.galleryEyebrow}</span>
        <h2 id="gallery-title" className={sectionTitle}>
          {t.galleryTitle}
        </h2>
        <Gallery
          images={state.images}
          initial={HOME_GALLERY_INITIAL}
          // The spec's 8 then 15 are the shipped gallery's; "Load more" reveals whatever the
          // owner published beyond the first 8.
          more={Math.max(HOME_GALLERY_MORE, state.images.length - HOME_GALLERY_INITIAL)}
          expanded={state.galleryExpanded}
          moreHref={homeHref({ ...state, galleryExpanded: true }, "gallery", locale)}
        />
      </section>
    </>
  );
}
