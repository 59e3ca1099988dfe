import { Link } from "@remix-run/react";
import { ALERTS } from "~/i18n/alerts";
import type { Locale } from "~/i18n/locale";
import { STAFF_PATHS } from "../paths";

/** What the desk needs to know of alerts (shared/push-watch.server.ts), as a loader hands it on. */
export type PushDesk = {
  devices: number;
  stale: number;
  unconfirmed: { id: string; reference: string }[];
  more: boolean;
  confirmMinutes: number;
};

/** The desk's word, at the top, when phones may stay silent: no device has alerts on; some
 * enquiry's alert was confirmed by no device within the confirm time (each named, a link); some
 * devices are stale. Nothing while all is well or alerts are off. */
export function PushNotice({
  locale,
  push,
  noDevices = true,
}: {
  locale: Locale;
  push?: PushDesk;
  /** Whether to say that no device has alerts on (not above a search's results). */
  noDevices?: boolean;
}) {
  if (!push) return null;
  const t = ALERTS[locale].desk;
  return (
    <>
      {noDevices && push.devices === 0 ? (
        <p className="staff-notice" role="status" data-push="no-devices">
          {t.noDevices} <Link to={STAFF_PATHS.alerts}>{t.turnOn}</Link>
        </p>
      ) : null}
      {push.unconfirmed.length ? (
        <p className="staff-notice inbox-outage" role="status" data-push="unconfirmed">
          {t.unconfirmed(
            push.unconfirmed.map((a) => a.reference).join(", "),
            push.confirmMinutes,
            push.unconfirmed.length + (push.more ? 1 : 0),
          )}{" "}
          {push.unconfirmed.map((a, i) => (
            <span key={a.id}>
              {i ? " · " : ""}
              <Link to={`${STAFF_PATHS.inbox}/${a.id}`}>{a.reference}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {push.stale ? (
        <p className="staff-notice" role="status" data-push="stale">
          {t.stale(push.stale)} <Link to={STAFF_PATHS.alerts}>{ALERTS[locale].nav}</Link>
        </p>
      ) : null}
    </>
  );
}
