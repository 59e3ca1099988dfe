import { SITE } from "~/i18n/site";
import { useLocale } from "~/i18n/use-locale";
import * as s from "./PreviewBanner.css";

/** Shown above every public page while the owner previews the draft (app/site/preview.server.ts):
 * no visitor ever sees it, since a preview is never in the page cache. A link, no script. */
export function PreviewBanner() {
  const t = SITE[useLocale()];
  return (
    <div className={s.banner} role="status">
      <span>{t.previewBanner}</span>
      <a className={s.link} href="/staff/site">
        {t.previewBack}
      </a>
    </div>
  );
}
