import { useRef, useState } from "react";
import type { GalleryImage } from "~/content/galleries";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useHydrated } from "~/utils/use-hydrated";
import { button } from "~/styles/ui.css";
import { Picture } from "./Picture";
import * as s from "./Gallery.css";

/** Must match Gallery.css.ts's grid: 1/2/4 columns inside the 72rem page (2.5rem padding, 1rem gaps). */
const GRID_SIZES =
  "(min-width: 1152px) 256px, (min-width: 1024px) calc((100vw - 8rem) / 4), (min-width: 640px) calc((100vw - 4rem) / 2), calc(100vw - 3rem)";

type Props = {
  images: readonly GalleryImage[];
  /** All when omitted. */
  initial?: number;
  more?: number;
  /** `?gallery=all`: the no-JavaScript path. */
  expanded?: boolean;
  moreHref?: string;
};

export function Gallery({ images, initial, more = 0, expanded = false, moreHref }: Props) {
  const hydrated = useHydrated();
  const { t } = useTranslation(LAYOUT);
  const [open, setOpen] = useState(expanded);
  const firstNewRef = useRef<HTMLLIElement>(null);
  const limited = initial !== undefined && images.length > initial;
  const shown = !limited ? images.length : Math.min(images.length, open ? initial + more : initial);
  const list = images.slice(0, shown);

  const reveal = () => {
    setOpen(true);
    // So keyboard and screen-reader users land on the first new image.
    requestAnimationFrame(() => firstNewRef.current?.focus());
  };

  return (
    <div className={s.wrap}>
      <ul className={s.grid} data-gallery-count={list.length}>
        {list.map((image, index) => (
          <li
            key={image.base}
            className={s.item}
            ref={limited && index === initial ? firstNewRef : undefined}
            tabIndex={limited && index === initial ? -1 : undefined}
          >
            <Picture image={image} sizes={GRID_SIZES} className={s.image} />
          </li>
        ))}
      </ul>
      {limited ? (
        <div className={s.more}>
          {open ? (
            <button type="button" className={button.ghost} disabled>
              {t.gallery.allShown(shown)}
            </button>
          ) : hydrated ? (
            <button type="button" className={button.ghost} onClick={reveal}>
              {t.gallery.loadMore}
            </button>
          ) : (
            <a href={moreHref} className={button.ghost}>
              {t.gallery.loadMore}
            </a>
          )}
          <p className={s.status} role="status">
            {open ? t.gallery.showing(shown, images.length) : ""}
          </p>
        </div>
      ) : null}
    </div>
  );
}
