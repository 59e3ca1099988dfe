import { Link } from "@remix-run/react";
import type { GalleryImage } from "~/content/galleries";
import type { ServiceSlug } from "~/content/services";
import { LAYOUT } from "~/i18n/layout";
import { SERVICE_TEXT } from "~/i18n/services";
import { paragraphs } from "~/content/paragraphs";
import { useTranslation } from "~/i18n/use-locale";
import { button, container, eyebrow, lead, section, sectionTitle } from "~/styles/ui.css";
import { Gallery } from "./Gallery";
import { ServiceIcon } from "./ServiceIcon";
import { WhatsAppLink } from "./WhatsAppLink";
import * as s from "./ServicePage.css";

type Props = {
  slug: ServiceSlug;
  images: readonly GalleryImage[];
  /** Plain text (app/site/words.server.ts). */
  words: { title: string; intro: string; offers: readonly string[]; closing: string };
};

export function ServicePage({ slug, images, words: copy }: Props) {
  const { locale, t: layout, to } = useTranslation(LAYOUT);
  const t = SERVICE_TEXT[locale];
  return (
    <>
      <section className={s.intro} aria-labelledby="service-title">
        <div className={`${container} ${s.introGrid}`}>
          <div className={s.text}>
            <span className={eyebrow}>{t.eyebrow}</span>
            <h1 id="service-title" className={s.title}>
              {copy.title}
            </h1>
            {paragraphs(copy.intro).map((p, i) => (
              <p key={i} className={lead}>
                {p}
              </p>
            ))}
          </div>
          <div className={s.offerCard}>
            <span className={s.icon}>
              <ServiceIcon slug={slug} />
            </span>
            <h2 className={s.offerTitle}>{t.offersTitle}</h2>
            <ul className={s.offers}>
              {copy.offers.map((offer, i) => (
                <li key={`${i}-${offer}`}>{offer}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className={container}>
          <div className={s.cta}>
            <p className={s.closing}>
              {copy.closing} {t.furtherInfo}
            </p>
            <div className={s.ctaActions}>
              <Link to={to("contact")} className={button.primary}>
                {t.cta}
              </Link>
              <WhatsAppLink className={button.ghost} />
            </div>
          </div>
        </div>
      </section>
      <section className={`${container} ${section}`} aria-labelledby="service-gallery-title" id="gallery">
        <h2 id="service-gallery-title" className={sectionTitle}>
          {layout.gallery.title}
        </h2>
        <Gallery images={images} />
      </section>
    </>
  );
}
