import { Form } from "@remix-run/react";
import type { SiteText } from "~/i18n/site";
import { STAFF_PATHS } from "../paths";
import { IntentButton } from "../ui/IntentButton";

export type CardPhoto = {
  id: string;
  status: "queued" | "processing" | "ready" | "failed" | "missing";
  thumb?: string;
  color?: string;
  alt: { en: string; hr: string };
};

type Props = { t: SiteText; gallery: string; photo: CardPhoto; position: number; count: number };

/** For a thumb on a 375 px screen; each action a plain form: no JavaScript needed. */
export function PhotoCard({ t, gallery, photo, position, count }: Props) {
  const n = position + 1;
  const ids = { en: `alt-en-${photo.id}`, hr: `alt-hr-${photo.id}` };
  return (
    <>
      <div className="site-thumb" style={{ backgroundColor: photo.color }}>
        {photo.thumb ? (
          <img src={photo.thumb} alt={photo.alt.en || t.photo(n)} width={200} height={150} loading="lazy" />
        ) : (
          <span>{photo.status === "failed" || photo.status === "missing" ? t.failed : t.processing}</span>
        )}
        <span className="site-position">{n}</span>
      </div>
      <Form method="post" className="staff-form site-alt">
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="photo" value={photo.id} />
        <label htmlFor={ids.en}>{t.altEn}</label>
        <input id={ids.en} name="alt_en" type="text" defaultValue={photo.alt.en} maxLength={250} />
        <label htmlFor={ids.hr}>{t.altHr}</label>
        <input id={ids.hr} name="alt_hr" type="text" lang="hr" defaultValue={photo.alt.hr} maxLength={250} />
        <button type="submit" className="staff-button staff-button-small" aria-label={`${t.saveAlt}: ${t.photo(n)}`}>
          {t.saveAlt}
        </button>
      </Form>
      <div className="site-tools">
        <IntentButton
          intent="move"
          fields={{ photo: photo.id, step: "-1" }}
          className="staff-button staff-button-quiet staff-button-small"
          label={t.moveLabel(t.moveUp, n)}
          disabled={position === 0}
        >
          ↑ {t.moveUp}
        </IntentButton>
        <IntentButton
          intent="move"
          fields={{ photo: photo.id, step: "1" }}
          className="staff-button staff-button-quiet staff-button-small"
          label={t.moveLabel(t.moveDown, n)}
          disabled={position === count - 1}
        >
          ↓ {t.moveDown}
        </IntentButton>
        <IntentButton
          intent="remove"
          fields={{ photo: photo.id }}
          className="staff-button staff-button-danger staff-button-small"
          label={t.removeLabel(n)}
        >
          {t.remove}
        </IntentButton>
      </div>
      <form method="post" action={STAFF_PATHS.siteUpload} encType="multipart/form-data" className="site-replace">
        <input type="hidden" name="gallery" value={gallery} />
        <input type="hidden" name="replace" value={photo.id} />
        <label htmlFor={`replace-${photo.id}`}>{t.replaceLabel(n)}</label>
        <input
          id={`replace-${photo.id}`}
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          required
        />
        <button type="submit" className="staff-button staff-button-quiet staff-button-small">
          {t.replace}
        </button>
      </form>
    </>
  );
}
