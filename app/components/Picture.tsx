import type { GalleryImage } from "~/content/galleries";

type Props = {
  image: GalleryImage;
  /** The `sizes` the image is laid out at, so the browser picks the right width. */
  sizes: string;
  /** For the page's Largest Contentful Paint image: fetched early, never lazily. */
  priority?: boolean;
  className?: string;
};

const srcset = (image: GalleryImage, ext: string) =>
  image.widths.map((w) => `${image.base}-${w}.${ext} ${w}w`).join(", ");

/** AVIF, then WebP, then a small JPEG for the rest; width and height reserve the box and the
 * dominant colour fills it while loading, so nothing shifts. */
export function Picture({ image, sizes, priority = false, className }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(image, "webp")} sizes={sizes} />
      <img
        src={`${image.base}-${image.fallbackWidth}.jpg`}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        // React 18 knows only the lower-case attribute.
        {...{ fetchpriority: priority ? "high" : undefined }}
        className={className}
        style={{ backgroundColor: image.color }}
      />
    </picture>
  );
}
