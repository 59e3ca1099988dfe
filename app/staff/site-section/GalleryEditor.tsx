import { useFetcher } from "@remix-run/react";
import { useState, type DragEvent } from "react";
import type { SiteText } from "~/i18n/site";
import { useHydrated } from "~/utils/use-hydrated";
import { PhotoCard, type CardPhoto } from "./PhotoCard";

type Props = { t: SiteText; gallery: string; photos: CardPhoto[] };

/** Dragging needs JavaScript: the move buttons stay, for keyboards, screen readers and browsers without script. */
export function GalleryEditor({ t, gallery, photos }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [dragged, setDragged] = useState<string>();
  // While an order is being saved, show it as it will be.
  const pending = fetcher.formData?.get("order");
  const order = typeof pending === "string" ? pending.split(",") : undefined;
  const shown = order ? order.flatMap((id) => photos.filter((p) => p.id === id)) : photos;

  const drop = (event: DragEvent, target: string) => {
    event.preventDefault();
    if (!dragged || dragged === target) return;
    const ids = shown.map((p) => p.id).filter((id) => id !== dragged);
    ids.splice(ids.indexOf(target), 0, dragged);
    setDragged(undefined);
    fetcher.submit({ intent: "order", order: ids.join(",") }, { method: "post" });
  };

  return (
    <>
      {hydrated ? <p className="staff-hint">{t.dragHint}</p> : null}
      <ol className="site-grid">
        {shown.map((photo, position) => (
          <li
            key={photo.id}
            id={`photo-${photo.id}`}
            className={dragged === photo.id ? "site-card site-dragging" : "site-card"}
            draggable={hydrated}
            onDragStart={(e) => {
              setDragged(photo.id);
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => drop(e, photo.id)}
            onDragEnd={() => setDragged(undefined)}
          >
            <PhotoCard t={t} gallery={gallery} photo={photo} position={position} count={shown.length} />
          </li>
        ))}
      </ol>
    </>
  );
}
