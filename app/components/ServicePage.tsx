import { Link } from "@remix-run/react";
import type { GalleryImage } from "~/content/galleries";
import type { Service } from "~/content/services";
import { button, container, eyebrow, lead, section, sectionTitle } from "~/styles/ui.css";
import { Gallery } from "./Gallery";
import { ServiceIcon } from "./ServiceIcon";
import * as s from "./ServicePage.css";

/** The layout the three service routes share: title, description, Contact button, gallery. */
export function ServicePage({ service, images }: { service: Service; images: readonly GalleryImage[] }) {
  return (
    <>
      <section className={s.intro} aria-labelledby="service-title">
        <div className={`${container} ${s.introGrid}`}>
          <div className={s.text}>
            <span className={eyebrow}>Our services</span>
            <h1 id="service-title" className={s.title}>
              {service.title}
            </h1>
            <p className={lead}>{service.intro}</p>
          </div>
          <div className={s.offerCard}>
            <span className={s.icon}>
              <ServiceIcon slug={service.slug} />
            </span>
            <h2 className={s.offerTitle}>What we arrange</h2>
            <ul className={s.offers}>
              {service.offers.map((offer) => (
                <li key={offer}>{offer}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className={container}>
          <div className={s.cta}>
            <p className={s.closing}>{service.closing} Contact us for further information or any special request.</p>
            <Link to="/contact" className={button.primary}>
              Contact
            </Link>
          </div>
        </div>
      </section>
      <section className={`${container} ${section}`} aria-labelledby="service-gallery-title" id="gallery">
        <h2 id="service-gallery-title" className={sectionTitle}>
          Gallery
        </h2>
        <Gallery images={images} />
      </section>
    </>
  );
}
