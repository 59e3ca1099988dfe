import { BOOKING } from "~/i18n/booking";
import type { Locale } from "~/i18n/locale";
import { CopyText } from "./CopyText";
import { IntentButton } from "./IntentButton";
import { staffTime } from "./staff-route";

type Props = {
  locale: Locale;
  madeAt?: string;
  /** Only in the answer to the POST that made it. */
  url?: string;
  revoked?: boolean;
  details: boolean;
  mayChangeDetails: boolean;
};

/** The person's own calendar link: made, shown once, renewed or stopped; an owner's switch for what it shows. */
export function CalendarFeedCard({ locale, madeAt, url, revoked, details, mayChangeDetails }: Props) {
  const t = BOOKING[locale].feed;
  return (
    <section aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">{t.title}</h2>
      <p className="staff-hint">{t.lead}</p>
      {revoked ? (
        <p className="staff-notice" role="status">
          {t.revoked}
        </p>
      ) : null}
      {url ? (
        <>
          <p className="staff-notice" role="status">
            {t.shown}
          </p>
          <CopyText id="feed-url" label={t.title} value={url} copy={t.copy} copied={t.copied} failed={t.copyFailed} />
        </>
      ) : madeAt ? (
        <p>{t.made(staffTime(madeAt, locale))}</p>
      ) : (
        <p>{t.none}</p>
      )}
      <div className="inbox-actions">
        <IntentButton intent="calendar-new" className="staff-button staff-button-quiet" formClassName="inbox-inline">
          {madeAt || url ? t.renew : t.make}
        </IntentButton>
        {madeAt || url ? (
          <IntentButton
            intent="calendar-revoke"
            className="staff-button staff-button-danger"
            formClassName="inbox-inline"
          >
            {t.revoke}
          </IntentButton>
        ) : null}
      </div>
      <p data-feed-details={details ? "on" : "off"}>{details ? t.details : t.firstOnly}</p>
      {mayChangeDetails ? (
        <>
          <p className="staff-hint">{t.detailsHint}</p>
          <IntentButton
            intent="calendar-details"
            fields={{ details: details ? "off" : "on" }}
            className="staff-button staff-button-quiet"
          >
            {details ? t.detailsOff : t.detailsOn}
          </IntentButton>
        </>
      ) : null}
    </section>
  );
}
