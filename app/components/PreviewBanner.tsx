import { PREVIEW } from "~/i18n/preview";
import { useLocale } from "~/i18n/use-locale";
import * as s from "./PreviewBanner.css";

/** No visitor sees it: a preview is never in the page cache (app/site/preview.server.ts). */
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
