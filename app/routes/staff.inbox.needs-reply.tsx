import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { INBOX } from "~/i18n/inbox";
import { STAFF_PATHS } from "~/staff/paths";
import { requireStaff, inboxStore } from "~/staff/staff.server";
import { deskNotices } from "~/staff/desk-notices.server";
import { ChannelNotice } from "~/staff/ui/ChannelNotice";
import { PushNotice } from "~/staff/ui/PushNotice";
import { InboxRows } from "~/staff/ui/InboxRows";
import { InboxViews } from "~/staff/ui/InboxViews";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { decodeCursor } from "~/store/inbox.server";

/** "Needs a reply" (decision 0031): the new enquiries, not spam, OLDEST first, each with how long it
 * has waited; 50 a page by cursor (a GET: an address, no JavaScript needed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const after = decodeCursor(search.get("after"));
  const inbox = inboxStore(context);
  const page = await inbox.needsReply({ cursor: after });
  return {
    now: Date.now(),
    ...(await deskNotices(context)),
    rows: page.rows,
    waiting: await inbox.waitingCount(),
    back: after
      ? `${STAFF_PATHS.needsReply}?after=${encodeURIComponent(search.get("after")!)}`
      : STAFF_PATHS.needsReply,
    next: page.more ? `${STAFF_PATHS.needsReply}?after=${encodeURIComponent(page.more)}` : undefined,
    paged: Boolean(after),
  };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => INBOX[locale].needsReply.title);

export default function NeedsReply() {
  const { locale } = useSignedIn();
  const { now, configured, failing, push, rows, waiting, back, next, paged } = useLoaderData<typeof loader>();
  const t = INBOX[locale];
  return (
    <section className="staff-card">
      <h1>{t.needsReply.title}</h1>
      <InboxViews locale={locale} current="needsReply" waiting={waiting} />
      <p className="staff-hint">
        {t.needsReply.lead} {t.waiting(waiting)}.
      </p>
      <ChannelNotice locale={locale} failing={failing} />
      <PushNotice locale={locale} push={push} />
      {rows.length === 0 ? (
        <p>{t.needsReply.none}</p>
      ) : (
        <InboxRows
          locale={locale}
          rows={rows}
          configured={configured}
          failing={failing}
          back={back}
          now={now}
          show={{ waited: true, event: true }}
        />
      )}
      <p className="inbox-pager">
        {paged ? <Link to={STAFF_PATHS.needsReply}>{t.pager.first}</Link> : null}
        {next ? <Link to={next}>{t.pager.next}</Link> : null}
      </p>
    </section>
  );
}
