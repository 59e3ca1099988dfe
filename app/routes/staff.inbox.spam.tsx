import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { INBOX } from "~/i18n/inbox";
import { staffFormAs } from "~/staff/form.server";
import { requestMeta, requireStaff, inboxStore, staffStore } from "~/staff/staff.server";
import { categoryName } from "~/staff/ui/InboxRows";
import { IntentButton } from "~/staff/ui/IntentButton";
import { staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { filterQuery } from "~/store/inbox-filter.server";
import { decodeCursor } from "~/store/inbox.server";
import { env } from "~/utils/env.server";

const SPAM_VIEW = { view: "spam" } as const;
/** How much of each message the list shows: enough to tell a person from a bot at a glance. */
const EXCERPT = 300;

/** The Spam view (decision 0030): what the contact form's rules caught and what staff marked spam,
 * newest first, 50 a page; what, why, when, from which page; "Not spam", "Delete", "Delete all
 * shown". Plain forms: it works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const page = await inboxStore(context).list(SPAM_VIEW, {
    cursor: decodeCursor(search.get("after")),
    withMessage: true,
  });
  const notice = search.get("released") ?? search.get("erased");
  return {
    rows: page.rows.map((row) => ({ ...row, message: (row.message ?? "").slice(0, EXCERPT) })),
    next: page.more ? filterQuery({}, { after: page.more }) : undefined,
    paged: search.has("after"),
    days: env.SPAM_RETENTION_DAYS,
    released: search.has("released") && notice && /^[A-Z0-9-]{1,40}$/.test(notice) ? notice : undefined,
    erased: search.has("erased") && notice && /^\d{1,6}$/.test(notice) ? Number(notice) : undefined,
  };
}

const time = z.string().refine((v) => !Number.isNaN(Date.parse(v)));
const SpamIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("release"), id: z.string().max(40) }),
  z.object({ intent: z.literal("erase"), id: z.string().max(40) }),
  z.object({ intent: z.literal("erase-shown"), from: time, to: time }),
]);

/** Each answer audited (who, when, the reference or the count; nothing of the visitor's). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(request, context);
  const asked = await staffFormAs(request, SpamIntent);
  const inbox = inboxStore(context);
  const tables = staffStore(context);
  const done = (detail: Record<string, string | number>, subject?: string) =>
    tables.audit({ event: "spam", outcome: "ok", actor: staff, subject, ...requestMeta(request, context), detail });
  switch (asked.intent) {
    case "release": {
      const reference = await inbox.releaseSpam(asked.id, staff.email);
      if (!reference) return redirect("/staff/inbox/spam", 303);
      await done({ action: "not-spam" }, reference);
      return redirect(`/staff/inbox/spam?released=${encodeURIComponent(reference)}`, 303);
    }
    case "erase": {
      const reference = await inbox.erase(asked.id, { spamOnly: true });
      if (reference) await done({ action: "delete" }, reference);
      return redirect(`/staff/inbox/spam?erased=${reference ? 1 : 0}`, 303);
    }
    case "erase-shown": {
      const erased = await inbox.eraseSpam(new Date(asked.from).toISOString(), new Date(asked.to).toISOString());
      await done({ action: "delete-shown", count: erased });
      return redirect(`/staff/inbox/spam?erased=${erased}`, 303);
    }
  }
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => INBOX[locale].spam.title);

export default function SpamView() {
  const { locale } = useSignedIn();
  const { rows, next, paged, days, released, erased } = useLoaderData<typeof loader>();
  const t = INBOX[locale];
  const s = t.spam;
  return (
    <section className="staff-card">
      <p>
        <Link to="/staff/inbox">← {s.back}</Link>
      </p>
      <h1>{s.title}</h1>
      <p className="staff-hint">{s.lead(days)}</p>
      {released ? (
        <p className="staff-notice" role="status">
          {s.released(released)}
        </p>
      ) : null}
      {erased !== undefined ? (
        <p className="staff-notice" role="status">
          {s.erased(erased)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <>
          <ul className="inbox-list spam-list">
            {rows.map((row) => (
              <li key={row.id} className="inbox-row">
                <span className="inbox-top">
                  <strong className="inbox-name">{row.name}</strong>
                  <span>{row.email}</span>
                  <span className="inbox-ref">{row.reference}</span>
                </span>
                <span className="inbox-meta">
                  {staffTime(row.receivedAt, locale)}
                  {row.page ? ` · ${s.page(row.page)}` : ""} · {categoryName(row.category, locale)}
                </span>
                <span className="inbox-meta">
                  {s.reasonsLabel}: {(row.spam ?? ["marked"]).map((r) => s.reasons[r] ?? r).join("; ")}
                </span>
                <span className="spam-message">{row.message}</span>
                <span className="inbox-actions">
                  {(
                    [
                      ["release", "staff-button", s.releaseLabel, s.release],
                      ["erase", "staff-button staff-button-quiet", s.eraseLabel, s.erase],
                    ] as const
                  ).map(([intent, className, label, text]) => (
                    <IntentButton
                      key={intent}
                      intent={intent}
                      fields={{ id: row.id }}
                      className={className}
                      label={label(row.reference)}
                    >
                      {text}
                    </IntentButton>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <IntentButton
            intent="erase-shown"
            fields={{ from: rows.at(-1)!.receivedAt, to: rows[0]!.receivedAt }}
            className="staff-button staff-button-quiet"
          >
            {s.eraseShown}
          </IntentButton>
        </>
      )}
      <p className="inbox-pager">
        {paged ? <Link to="/staff/inbox/spam">{t.newest}</Link> : null}
        {next ? <Link to={`/staff/inbox/spam${next}`}>{t.older}</Link> : null}
      </p>
    </section>
  );
}
