import { INBOX } from "~/i18n/inbox";
import type { Locale } from "~/i18n/locale";
import { staffClock } from "./staff-route";

/** Read from the database: the deliverer may be another replica. */
export type FailingChannel = { channel: string; failingSince: string; nextProbeAt?: string };

export function ChannelNotice({ locale, failing }: { locale: Locale; failing: FailingChannel[] }) {
  if (failing.length === 0) return null;
  const t = INBOX[locale];
  return (
    <>
      {failing.map((c) => (
        <p key={c.channel} className="staff-notice inbox-outage" role="status" data-failing={c.channel}>
          {t.channelFailing(
            t.channel(c.channel),
            staffClock(c.failingSince, locale),
            c.nextProbeAt ? staffClock(c.nextProbeAt, locale) : undefined,
          )}
        </p>
      ))}
    </>
  );
}

export const failingChannels = (states: { channel: string; failingSince?: string; nextProbeAt?: string }[]) =>
  states.flatMap((s): FailingChannel[] =>
    s.failingSince
      ? [{ channel: s.channel, failingSince: s.failingSince, ...(s.nextProbeAt ? { nextProbeAt: s.nextProbeAt } : {}) }]
      : [],
  );
