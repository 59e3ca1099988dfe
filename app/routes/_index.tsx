import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CitySelector } from "~/components/CitySelector";
import { Gallery } from "~/components/Gallery";
import { Hero } from "~/components/Hero";
import { ServiceCards } from "~/components/ServiceCards";
import { HOME_GALLERY_INITIAL, HOME_GALLERY_MORE } from "~/content/galleries";
import { GALLERIES } from "~/content/galleries.server";
import { homeHref, readHomeState } from "~/utils/home-query";
import { businessJsonLd, rootData, seoMeta, websiteJsonLd } from "~/utils/seo";
import { button, container, eyebrow, lead, section, sectionTitle } from "~/styles/ui.css";
import * as s from "./_index.css";

export const meta: MetaFunction = ({ matches }) => {
  const { siteUrl, contact } = rootData(matches);
  return seoMeta(matches, {
    title: null,
    description:
      "VIP nightclub access, unforgettable events and personal concierge in Split and along the Croatian coast and the Balkans. Tell us your plans and we make them happen.",
    path: "/",
    image: "home",
    imageAlt: "Adriatic VIP: VIP nightlife, events and concierge, on a night-time Adriatic skyline",
    jsonLd: [businessJsonLd(siteUrl, contact), websiteJsonLd(siteUrl)],
  });
};

export function loader({ request }: LoaderFunctionArgs) {
  return { ...readHomeState(new URL(request.url).searchParams), images: GALLERIES.home };
}

export default function Home() {
  const state = useLoaderData<typeof loader>();
  return (
    <>
      <Hero />
      <section className={`${container} ${section}`} aria-labelledby="needs-title">
        <div className={s.head}>
          <div>
            <span className={eyebrow}>Our services</span>
            <h2 id="needs-title" className={sectionTitle}>
              Find your needs
            </h2>
          </div>
          <Link to="/contact" className={button.ghost}>
            Contact
          </Link>
        </div>
        <ServiceCards />
      </section>
      <section id="cities" className={`${container} ${section}`} aria-labelledby="cities-title">
        <span className={eyebrow}>Where we go out</span>
        <h2 id="cities-title" className={sectionTitle}>
          Things we do the most
        </h2>
        <p className={`${lead} ${s.prompt}`}>Click on city and see!</p>
        <CitySelector selectedId={state.cityId} hrefFor={(cityId) => homeHref({ ...state, cityId }, "cities")} />
      </section>
      <section id="gallery" className={`${container} ${section}`} aria-labelledby="gallery-title">
        <span className={eyebrow}>Gallery</span>
        <h2 id="gallery-title" className={sectionTitle}>
          See How It Looks
        </h2>
        <Gallery
          images={state.images}
          initial={HOME_GALLERY_INITIAL}
          more={HOME_GALLERY_MORE}
          expanded={state.galleryExpanded}
          moreHref={homeHref({ ...state, galleryExpanded: true }, "gallery")}
        />
      </section>
    </>
  );
}
