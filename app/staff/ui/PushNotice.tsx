import { Link } from "@remix-run/react";
import { ALERTS } from "~/i18n/alerts";
import type { Locale } from "~/i18n/locale";
import { STAFF_PATHS } from "../paths";

export type PushDesk = {
  devices: number;
  stale: number;
  unconfirmed: { id: string; reference: string }[];
  more: boolean;
  confirmMinutes: number;
};

/** Only when phones may stay silent; nothing while all is well or alerts are off. */
export function PushNotice({
  locale,
  push,
  noDevices = true,
}: {
  locale: Locale;
  push?: PushDesk;
  /** False above a search's results. */
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
