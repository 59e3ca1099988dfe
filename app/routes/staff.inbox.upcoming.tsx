import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { INBOX } from "~/i18n/inbox";
import { dayGroup, DAY_GROUPS } from "~/staff/inbox/desk-days";
import { teamDay } from "~/utils/team-time";
import { STAFF_PATHS } from "~/staff/paths";
import { requireStaff, inboxStore } from "~/staff/staff.server";
import { deskNotices } from "~/staff/desk-notices.server";
import { ChannelNotice } from "~/staff/ui/ChannelNotice";
import { PushNotice } from "~/staff/ui/PushNotice";
import { InboxRows } from "~/staff/ui/InboxRows";
import { InboxViews } from "~/staff/ui/InboxViews";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { decodeUpcomingCursor } from "~/store/inbox.server";

/** "Upcoming" (decision 0031): enquiries with an event from today on (the team's day, Europe/Zagreb),
 * still open, by the event's day and time, grouped Tonight, This week, This weekend, Later;
 * 50 a page by cursor (a GET: an address, no JavaScript needed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const after = decodeUpcomingCursor(search.get("after"));
  const inbox = inboxStore(context);
  const now = Date.now();
  const today = teamDay(now);
  const page = await inbox.upcoming(today, { cursor: after });
  return {
    now,
    today,
    ...(await deskNotices(context)),
    rows: page.rows,
    waiting: await inbox.waitingCount(),
    back: after ? `${STAFF_PATHS.upcoming}?after=${encodeURIComponent(search.get("after")!)}` : STAFF_PATHS.upcoming,
    next: page.more ? `${STAFF_PATHS.upcoming}?after=${encodeURIComponent(page.more)}` : undefined,
    paged: Boolean(after),
  };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => INBOX[locale].upcoming.title);

export default function Upcoming() {
  const { locale } = useSignedIn();
  const { now, today, configured, failing, push, rows, waiting, back, next, paged } = useLoaderData<typeof loader>();
  const t = INBOX[locale];
  const groups = DAY_GROUPS.map((group) => ({
    group,
    rows: rows.filter((row) => row.event_date && dayGroup(row.event_date, today) === group),
  })).filter((g) => g.rows.length > 0);
  return (
    <section className="staff-card">
      <h1>{t.upcoming.title}</h1>
      <InboxViews locale={locale} current="upcoming" waiting={waiting} />
      <p className="staff-hint">{t.upcoming.lead}</p>
      <ChannelNotice locale={locale} failing={failing} />
      <PushNotice locale={locale} push={push} />
      {groups.length === 0 ? (
        <p>{t.upcoming.none}</p>
      ) : (
        groups.map(({ group, rows }) => (
          <section key={group} aria-labelledby={`group-${group}`} data-group={group}>
            <h2 id={`group-${group}`}>{t.upcoming.groups[group]}</h2>
            <InboxRows
              locale={locale}
              rows={rows}
              configured={configured}
              failing={failing}
              back={back}
              now={now}
              show={{ event: true }}
            />
          </section>
        ))
      )}
      <p className="inbox-pager">
        {paged ? <Link to={STAFF_PATHS.upcoming}>{t.pager.first}</Link> : null}
        {next ? <Link to={next}>{t.pager.next}</Link> : null}
      </p>
    </section>
  );
}
