import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CATEGORIES } from "~/content/enquiry-fields";
import { REFERENCE_IN_TEXT } from "~/content/reference";
import { channelNames, channelStates } from "~/shared/process.server";
import { INBOX } from "~/i18n/inbox";
import { LOCALES } from "~/i18n/locale";
import { filterQuery, parseInboxFilter } from "~/store/inbox-filter.server";
import { DELIVERY_STATES, FOLLOW_UPS } from "~/store/inbox-states";
import { decodeCursor, listEnquiries, spamCount, waitingCount } from "~/store/inbox.server";
import { requireStaff, staffDatabase } from "~/staff/staff.server";
import { ChannelNotice, failingChannels } from "~/staff/ui/ChannelNotice";
import { choices, FilterSelect } from "~/staff/ui/FilterSelect";
import { staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";

/** The inbox: newest first, 50 a page (by cursor), narrowed by the filter form (a GET: every
 * state of the list is an address, and works without JavaScript). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const filter = parseInboxFilter(search);
  const sql = await staffDatabase();
  const page = await listEnquiries(sql, filter, { cursor: decodeCursor(search.get("after")) });
  return {
    sending: channelNames,
    filter,
    rows: page.rows,
    next: page.more ? filterQuery(filter, { after: page.more }) : undefined,
    paged: search.has("after"),
    exportQuery: filterQuery(filter),
    exportCsv: `/staff/inbox/export${filterQuery(filter, { format: "csv" })}`,
    exportJsonl: `/staff/inbox/export${filterQuery(filter, { format: "jsonl" })}`,
    waiting: await waitingCount(sql),
    spam: await spamCount(sql),
    failing: failingChannels(await channelStates()),
    erased: erasedNotice(search.get("erased")),
    filtered: Object.values(filter).some(Boolean),
  };
}

/** What the notice after an erasure names: a count or a reference, nothing else (a link someone
 * sends cannot make the inbox say what they like). */
function erasedNotice(value: string | null): string | undefined {
  if (!value) return undefined;
  return /^\d{1,6}$/.test(value) || new RegExp(`^${REFERENCE_IN_TEXT.source}$`).test(value) ? value : undefined;
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => INBOX[locale].title);

export default function Inbox() {
  const { locale, staff } = useSignedIn();
  const {
    sending,
    filter,
    rows,
    next,
    paged,
    exportQuery,
    exportCsv,
    exportJsonl,
    waiting,
    spam,
    failing,
    erased,
    filtered,
  } = useLoaderData<typeof loader>();
  const t = INBOX[locale];
  const held = (d: { channel: string; state: string }) => d.state === "pending" && !sending.includes(d.channel);
  const waitsForProvider = (d: { channel: string; state: string }) =>
    d.state === "pending" && failing.some((c) => c.channel === d.channel);
  return (
    <section className="staff-card">
      <h1>{t.title}</h1>
      <p className="staff-hint">
        {t.waiting(waiting)} · <Link to="/staff/inbox/spam">{t.spam.link(spam)}</Link>
      </p>
      <ChannelNotice locale={locale} failing={failing} />
      {erased ? (
        <p className="staff-notice" role="status">
          {/^\d+$/.test(erased) ? t.subjectErased(Number(erased)) : t.enquiry.erased(erased)}
        </p>
      ) : null}
      <Form method="get" className="inbox-filters" role="search">
        <div className="inbox-search">
          <label htmlFor="inbox-q">{t.search}</label>
          <input id="inbox-q" type="search" name="q" defaultValue={filter.q ?? ""} aria-describedby="inbox-q-hint" />
          <p className="staff-hint" id="inbox-q-hint">
            {t.searchHint}
          </p>
        </div>
        <details
          className="inbox-more"
          open={Boolean(
            filter.followUp || filter.delivery || filter.category || filter.language || filter.from || filter.to,
          )}
        >
          <summary>{t.filters}</summary>
          <div className="inbox-grid">
            {(
              [
                ["followUp", t.followUpLabel, choices(FOLLOW_UPS, (s) => t.followUp[s])],
                ["delivery", t.deliveryLabel, choices(DELIVERY_STATES, (s) => t.delivery[s])],
                ["category", t.categoryLabel, choices(CATEGORIES)],
                ["language", t.languageLabel, choices(LOCALES, (l) => t.languages[l])],
              ] as const
            ).map(([name, label, options]) => (
              <FilterSelect key={name} name={name} label={label} value={filter[name]} any={t.any} options={options} />
            ))}
            <label>
              {t.from}
              <input type="date" name="from" defaultValue={filter.from ?? ""} />
            </label>
            <label>
              {t.to}
              <input type="date" name="to" defaultValue={filter.to ?? ""} />
            </label>
          </div>
        </details>
        <div className="inbox-actions">
          <button type="submit" className="staff-button">
            {t.apply}
          </button>
          {filtered ? <Link to="/staff/inbox">{t.clear}</Link> : null}
        </div>
      </Form>

      {rows.length === 0 ? (
        <p>{filtered || paged ? t.none : t.noneYet}</p>
      ) : (
        <ul className="inbox-list">
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={`/staff/inbox/${row.id}`} className="inbox-row">
                <span className="inbox-top">
                  <span className={`inbox-badge inbox-${row.followUp}`}>{t.followUp[row.followUp]}</span>
                  <strong className="inbox-name">{row.name}</strong>
                  <span className="inbox-ref">{row.reference}</span>
                </span>
                <span className="inbox-meta">
                  {staffTime(row.receivedAt, locale)} · {row.category} · {t.languages[row.language] ?? row.language}
                </span>
                <span className="inbox-meta">
                  {row.deliveries.map((d) => (
                    <span key={d.channel} className={`inbox-chip inbox-d-${d.state}`}>
                      {t.channel(d.channel)}:{" "}
                      {held(d) ? t.held : waitsForProvider(d) ? t.waitingForProvider : t.delivery[d.state]}
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="inbox-pager">
        {paged ? <Link to={`/staff/inbox${exportQuery}`}>{t.newest}</Link> : null}
        {next ? <Link to={`/staff/inbox${next}`}>{t.older}</Link> : null}
      </p>

      {staff.role === "owner" ? (
        <>
          <h2>{t.exportTitle}</h2>
          <p className="staff-hint">{t.exportHint}</p>
          <p className="inbox-actions">
            <a className="staff-button staff-button-quiet" href={exportCsv} download>
              {t.exportCsv}
            </a>
            <a className="staff-button staff-button-quiet" href={exportJsonl} download>
              {t.exportJson}
            </a>
          </p>
          <h2>{t.subject}</h2>
          <p className="staff-hint">{t.subjectHint}</p>
          <Form method="get" action="/staff/inbox/subject" className="staff-form staff-inline">
            <label htmlFor="subject-email">{t.enquiry.email}</label>
            <input id="subject-email" type="email" name="email" required />
            <button type="submit" className="staff-button staff-button-quiet">
              {t.subjectFind}
            </button>
          </Form>
        </>
      ) : (
        <p className="staff-hint">{t.ownersExport}</p>
      )}
    </section>
  );
}
