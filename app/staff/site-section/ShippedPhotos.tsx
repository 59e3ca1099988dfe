import type { SiteText } from "~/i18n/site";

export type ShippedPhoto = { src: string; alt: string; width: number; height: number; color: string };

/** The pictures the gallery shows while the owner has none of their own: small (each picture's smallest encoding),
 * loaded as they come near the screen, described as visitors' screen readers hear them. */
export function ShippedPhotos({ t, photos }: { t: SiteText; photos: ShippedPhoto[] }) {
  if (!photos.length) return null;
  return (
    <>
      <h2>{t.shippedTitle}</h2>
      <ul className="site-shipped">
        {photos.map((photo) => (
          <li key={photo.src}>
            <img
              src={photo.src}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              style={{ backgroundColor: photo.color }}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
