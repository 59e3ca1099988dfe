import { useLocation } from "@remix-run/react";
import { PREVIEW } from "~/i18n/preview";
import { useLocale } from "~/i18n/use-locale";
import * as s from "./PreviewBanner.css";

/** No visitor sees it: a preview is never in the page cache (app/site/preview.server.ts). "End" is a plain form to a
 * path open without a session (the preview cookie proves it), so a browser whose session ended can still leave the
 * draft, with or without JavaScript; it comes back to this page as visitors see it. */
export function PreviewBanner() {
  const t = PREVIEW[useLocale()];
  const { pathname, search } = useLocation();
  return (
    <div className={s.banner} role="status">
      <span>{t.banner}</span>
      <form method="post" action="/staff/site/end-preview" className={s.form}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button type="submit" className={s.end}>
          {t.end}
        </button>
      </form>
      <a className={s.link} href="/staff/site">
        {t.back}
      </a>
    </div>
  );
}
