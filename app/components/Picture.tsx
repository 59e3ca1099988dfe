import type { GalleryImage } from "~/content/galleries";

type Props = {
  image: GalleryImage;
  sizes: string;
  /** For the Largest Contentful Paint image: fetched early, never lazily. */
  priority?: boolean;
  className?: string;
};

const srcset = (image: GalleryImage, ext: string) =>
  image.widths.map((w) => `${image.base}-${w}.${ext} ${w}w`).join(", ");

/** Width, height and the dominant colour hold the box while loading, so nothing shifts. */
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
