import { Link } from "@remix-run/react";
import type { Locale } from "~/i18n/locale";
import { SOURCES, sourceLine } from "~/i18n/sources";
import { STAFF_PATHS } from "~/staff/paths";
import type { VisitSource } from "~/utils/visit-source";

/** One line for how the visitor arrived, then where they landed and the referring host; a link to the others. */
export function EnquirySource({ source, locale }: { source: VisitSource | undefined; locale: Locale }) {
  const t = SOURCES[locale];
  return (
    <>
      <dt>{t.source}</dt>
      {source ? (
        <dd data-source={source.channel}>
          <span className="inbox-source">{sourceLine(source, locale)}</span>
          <br />
          <small className="staff-hint">
            {t.landing} <code>{source.landing}</code>
            {source.referrer ? (
              <>
                {" "}
                · {t.referrer} <code>{source.referrer}</code>
              </>
            ) : null}
          </small>
          <br />
          <Link
            to={`${STAFF_PATHS.inbox}?${new URLSearchParams({ source: source.channel, ...(source.campaign ? { campaign: source.campaign } : {}) })}`}
          >
            {t.sameSource}
          </Link>
        </dd>
      ) : (
        <dd className="staff-hint">{t.unknown}</dd>
      )}
    </>
  );
}
