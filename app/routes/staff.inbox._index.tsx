import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CATEGORIES } from "~/content/enquiry-fields";
import { REFERENCE_IN_TEXT } from "~/content/reference";
import { INBOX } from "~/i18n/inbox";
import { LOCALES } from "~/i18n/locale";
import { filterQuery, parseInboxFilter } from "~/store/inbox-filter.server";
import { DELIVERY_STATES, FOLLOW_UPS } from "~/store/inbox-states";
import { decodeCursor } from "~/store/inbox.server";
import { CONTACT } from "~/i18n/contact";
import { channelName, SOURCES } from "~/i18n/sources";
import { CHANNELS } from "~/utils/visit-classify";
import { requireStaff, inboxStore } from "~/staff/staff.server";
import { deskNotices } from "~/staff/desk-notices.server";
import { ChannelNotice } from "~/staff/ui/ChannelNotice";
import { PushNotice } from "~/staff/ui/PushNotice";
import { choices, FilterSelect } from "~/staff/ui/FilterSelect";
import { categoryName, InboxRows } from "~/staff/ui/InboxRows";
import { InboxViews } from "~/staff/ui/InboxViews";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { may } from "~/utils/permissions";

/** The inbox: newest first, 50 a page (by cursor), narrowed by the filter form (a GET: every
 * state of the list is an address, and works without JavaScript). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const url = new URL(request.url);
  const search = url.searchParams;
  const filter = parseInboxFilter(search);
  const inbox = inboxStore(context);
  const page = await inbox.list(filter, { cursor: decodeCursor(search.get("after")), withPreview: true });
  const filtered = Object.values(filter).some(Boolean);
  return {
    now: Date.now(),
    back: `/staff/inbox${filterQuery(filter, { after: search.get("after") ?? undefined })}`,
    // A search (or any filter) says what it found, not what waits.
    found: filtered ? await inbox.count(filter) : undefined,
    ...(await deskNotices(context)),
    filter,
    sources: sourceChoices(filter.source),
    rows: page.rows,
    next: page.more ? filterQuery(filter, { after: page.more }) : undefined,
    paged: search.has("after"),
    exportQuery: filterQuery(filter),
    exportCsv: `/staff/inbox/export${filterQuery(filter, { format: "csv" })}`,
    exportJsonl: `/staff/inbox/export${filterQuery(filter, { format: "jsonl" })}`,
    waiting: await inbox.waitingCount(),
    spam: await inbox.spamCount(),
    erased: erasedNotice(search.get("erased")),
    filtered,
  };
}

/** What the notice after an erasure names: a count or a reference, nothing else (a link someone
 * sends cannot make the inbox say what they like). */
function erasedNotice(value: string | null): string | undefined {
  if (!value) return undefined;
  return /^\d{1,6}$/.test(value) || new RegExp(`^${REFERENCE_IN_TEXT.source}$`).test(value) ? value : undefined;
}

/** The known channels, and the one asked for when it is a referring host or a tag of the owner's. */
const sourceChoices = (asked: string | undefined) => {
  const known = ["direct", ...Object.keys(CHANNELS)];
  return asked && !known.includes(asked) ? [...known, asked] : known;
};

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => INBOX[locale].title);

export default function Inbox() {
  const { locale, staff } = useSignedIn();
  const {
    now,
    back,
    found,
    configured,
    filter,
    sources,
    rows,
    next,
    paged,
    exportQuery,
    exportCsv,
    exportJsonl,
    waiting,
    spam,
    failing,
    push,
    erased,
    filtered,
  } = useLoaderData<typeof loader>();
  const t = INBOX[locale];
  const ts = SOURCES[locale];
  const narrowed = (
    [
      ["followUp", t.followUpLabel, filter.followUp && t.followUp[filter.followUp]],
      ["delivery", t.deliveryLabel, filter.delivery && t.delivery[filter.delivery]],
      ["category", t.categoryLabel, filter.category && categoryName(filter.category, locale)],
      ["language", t.languageLabel, filter.language && t.languages[filter.language]],
      ["source", ts.source, filter.source && channelName(filter.source, locale)],
      ["campaign", ts.campaign, filter.campaign],
      ["from", t.from, filter.from],
      ["to", t.to, filter.to],
    ] as const
  ).filter(([, , value]) => value);
  return (
    <section className="staff-card">
      <h1>{t.title}</h1>
      <InboxViews locale={locale} current="all" waiting={waiting} />
      <p className="staff-hint" role="status">
        {found ? <strong data-found={found.n}>{t.found(found.n, found.more)}</strong> : t.waiting(waiting)} ·{" "}
        <Link to="/staff/inbox/spam">{t.spam.link(spam)}</Link>
      </p>
      <ChannelNotice locale={locale} failing={failing} />
      {/* A search shows what it found first: "no phone has alerts on" waits for the plain list. */}
      <PushNotice locale={locale} push={push} noDevices={!filtered} />
      {erased ? (
        <p className="staff-notice" role="status">
          {/^\d+$/.test(erased) ? t.subjectErased(Number(erased)) : t.enquiry.erased(erased)}
        </p>
      ) : null}
      <Form method="get" className="inbox-filters" role="search">
        <div className="inbox-search">
          <label htmlFor="inbox-q">{t.search}</label>
          <div className="inbox-search-row">
            <input id="inbox-q" type="search" name="q" defaultValue={filter.q ?? ""} aria-describedby="inbox-q-hint" />
            <button type="submit" className="staff-button">
              {t.apply}
            </button>
          </div>
          <p className="staff-hint" id="inbox-q-hint">
            {t.searchHint}
          </p>
        </div>
        {/* Closed whatever is chosen (the list comes first on a phone); the summary says what is on. */}
        <div className="inbox-filter-row">
          <details className="inbox-more">
            <summary>
              {t.filters}
              {narrowed.length ? `: ${narrowed.map(([, label, value]) => `${label} ${value}`).join(", ")}` : ""}
            </summary>
            <div className="inbox-grid">
              {(
                [
                  ["followUp", t.followUpLabel, choices(FOLLOW_UPS, (s) => t.followUp[s])],
                  ["delivery", t.deliveryLabel, choices(DELIVERY_STATES, (s) => t.delivery[s])],
                  ["category", t.categoryLabel, choices(CATEGORIES, (c) => CONTACT[locale].categories[c])],
                  ["language", t.languageLabel, choices(LOCALES, (l) => t.languages[l])],
                ] as const
              ).map(([name, label, options]) => (
                <FilterSelect key={name} name={name} label={label} value={filter[name]} any={t.any} options={options} />
              ))}
              <FilterSelect
                name="source"
                label={ts.source}
                value={filter.source}
                any={t.any}
                options={choices(sources, (c) => channelName(c, locale))}
              />
              <label>
                {ts.campaign}
                <input type="text" name="campaign" defaultValue={filter.campaign ?? ""} maxLength={100} />
              </label>
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
          {filtered ? (
            <Link to="/staff/inbox" className="inbox-clear">
              {t.clear}
            </Link>
          ) : null}
        </div>
      </Form>

      {rows.length === 0 ? (
        <p>{filtered || paged ? t.none : t.noneYet}</p>
      ) : (
        <InboxRows locale={locale} rows={rows} configured={configured} failing={failing} back={back} now={now} />
      )}
      <p className="inbox-pager">
        {paged ? <Link to={`/staff/inbox${exportQuery}`}>{t.newest}</Link> : null}
        {next ? <Link to={`/staff/inbox${next}`}>{t.older}</Link> : null}
      </p>

      {may(staff, "exportEnquiries") ? (
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
