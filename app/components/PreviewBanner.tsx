import { PREVIEW } from "~/i18n/preview";
import { useLocale } from "~/i18n/use-locale";
import * as s from "./PreviewBanner.css";

/** Shown above every public page while the owner previews the draft (app/site/preview.server.ts):
 * no visitor ever sees it, since a preview is never in the page cache. A link, no script. */
export function PreviewBanner() {
  const t = PREVIEW[useLocale()];
  return (
    <div className={s.banner} role="status">
      <span>{t.banner}</span>
      <a className={s.link} href="/staff/site">
        {t.back}
      </a>
    </div>
  );
}
