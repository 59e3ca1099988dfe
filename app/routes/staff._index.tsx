import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CATEGORIES, type Category } from "~/content/enquiry-fields";
import { CONTACT } from "~/i18n/contact";
import { DASHBOARD } from "~/i18n/dashboard";
import { LOCALES, type Locale } from "~/i18n/locale";
import { STAFF } from "~/i18n/staff";
import { STAFF_PATHS } from "~/staff/paths";
import { may } from "~/utils/permissions";
import type { WeekFigures } from "~/store/dashboard.server";
import { requireStaff, inboxStore, visitsStore } from "~/staff/staff.server";
import { Bars, StackedWeeks, TimeWeeks, type Series } from "~/staff/ui/DashboardCharts";
import { FunnelSection } from "~/staff/ui/FunnelSection";
import { funnelPeriod } from "~/staff/funnel";
import { staffClock, staffTitle, useSignedIn } from "~/staff/ui/staff-route";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const inbox = inboxStore(context);
  const period = funnelPeriod(new URL(request.url).searchParams);
  const [waiting, figures, funnel] = await Promise.all([
    inbox.waitingCount(),
    inbox.dashboard(),
    visitsStore(context).funnel({ from: period.from, to: period.to, by: period.by }),
  ]);
  return { waiting, figures, period, funnel };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].nav.home);

/** Service lines first (as the site lists them), "other" last: the stacking order. */
const STACKED: Category[] = [...CATEGORIES.filter((c) => c !== "other"), "other"];

/** A week by its Monday, as staff read a date: "23 Nov" / "23. 11.". */
const weekLabel = (monday: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "hr" ? "hr-HR" : "en-GB", {
    day: "numeric",
    month: locale === "hr" ? "numeric" : "short",
    timeZone: "UTC",
  }).format(new Date(`${monday}T12:00:00Z`));

/** A time in a column's few characters: "42m", "5.3h", "2.1d". */
const shortTime = (seconds: number) => {
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.round(minutes)}m`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(minutes < 600 ? 1 : 0)}h`;
  return `${(minutes / 1440).toFixed(1)}d`;
};

export default function StaffHome() {
  const { locale, staff } = useSignedIn();
  const { waiting, figures, period, funnel } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  const d = DASHBOARD[locale];
  const weeks = figures.weeks as WeekFigures[];
  const labels = weeks.map((w, i) => (i === weeks.length - 1 ? d.thisWeekShort : weekLabel(w.monday, locale)));
  const tableLabels = weeks.map((w) => weekLabel(w.monday, locale));
  const thisWeek = weeks.at(-1)!;
  const lastWeek = weeks.at(-2)!;
  const services: Series<WeekFigures>[] = STACKED.map((c) => ({
    key: c,
    label: CONTACT[locale].categories[c],
    value: (w) => w.byCategory[c],
  }));
  const languages: Series<WeekFigures>[] = LOCALES.map((l) => ({
    key: l,
    label: d.languages[l],
    value: (w) => w.byLanguage[l],
  }));
  const reply = (s: number | undefined) => (s === undefined ? d.noReply : d.duration(s));
  const versus = (now: number, before: number) => d.versus(String(before), d.change(now - before));
  return (
    <>
      <section className="staff-card">
        <h1>{t.home.title(staff.email)}</h1>
        <p>{t.home.lead}</p>
        <p className="staff-notice">{t.home.waiting(waiting)}</p>
        <p>
          <Link to={STAFF_PATHS.inbox} className="staff-button">
            {t.home.open}
          </Link>
        </p>
        <ul className="staff-links">
          <li>
            <Link to={STAFF_PATHS.account}>{t.nav.account}</Link>
          </li>
          {may(staff, "managePeople") ? (
            <li>
              <Link to={STAFF_PATHS.people}>{t.nav.people}</Link>
            </li>
          ) : null}
          {may(staff, "readAudit") ? (
            <li>
              <Link to={STAFF_PATHS.audit}>{t.nav.audit}</Link>
            </li>
          ) : null}
        </ul>
        {staff.role === "owner" ? <p className="staff-hint">{t.home.owner}</p> : null}
      </section>

      <section className="staff-card dash" aria-labelledby="dash-heading">
        <h2 id="dash-heading">{d.title}</h2>
        <p className="staff-hint">
          {d.lead(weeks.length)} {d.counted(staffClock(figures.now, locale))}
        </p>

        <h3>{d.compare}</h3>
        <div className="dash-compare">
          {[
            {
              key: "enquiries",
              label: d.enquiries,
              now: thisWeek.total,
              before: figures.lastWeekSoFar.total,
              all: lastWeek.total,
            },
            {
              key: "booked",
              label: d.booked,
              now: thisWeek.booked,
              before: figures.lastWeekSoFar.booked,
              all: lastWeek.booked,
            },
          ].map((s) => (
            <dl key={s.key} className="dash-stat" data-stat={s.key}>
              <dt>{s.label}</dt>
              <dd className="dash-big">
                <span className="dash-big-label">{d.thisWeek}: </span>
                {s.now}
              </dd>
              <dd>
                {d.lastWeekSoFar}: {versus(s.now, s.before)}
              </dd>
              <dd>
                {d.lastWeek}: {s.all}
              </dd>
            </dl>
          ))}
          <dl className="dash-stat" data-stat="reply">
            <dt>{d.reply}</dt>
            <dd className="dash-big">
              <span className="dash-big-label">{d.thisWeek}: </span>
              {reply(thisWeek.medianReplySeconds)}
            </dd>
            <dd>
              {d.lastWeek}: {reply(lastWeek.medianReplySeconds)}
            </dd>
          </dl>
        </div>

        <div className="dash-grid">
          <StackedWeeks
            id="dash-services"
            title={d.perService}
            summary={d.serviceSummary(figures.total, figures.booked, weeks.length)}
            weeks={weeks}
            weekLabels={labels}
            weekNames={tableLabels}
            series={services}
            line={{ key: "booked", label: d.booked, value: (w) => w.booked }}
            weekHead={d.week}
            totalHead={d.total}
          />
          <StackedWeeks
            id="dash-languages"
            title={d.perLanguage}
            summary={d.languageSummary(
              languages.map((l) => `${l.label} ${weeks.reduce((s, w) => s + l.value(w), 0)}`).join(", "),
            )}
            weeks={weeks}
            weekLabels={labels}
            weekNames={tableLabels}
            series={languages}
            weekHead={d.week}
            totalHead={d.total}
          />
          <TimeWeeks
            id="dash-reply"
            title={d.replyChart}
            summary={d.replySummary(reply(figures.medianReplySeconds), figures.replied)}
            seconds={weeks.map((w) => w.medianReplySeconds)}
            weekLabels={labels}
            weekNames={tableLabels}
            short={shortTime}
            long={reply}
            weekHead={d.week}
            valueHead={d.reply}
            extra={{ head: d.replied, values: weeks.map((w) => w.replied) }}
          />
          {figures.pages.length ? (
            <Bars
              id="dash-pages"
              title={d.pagesChart}
              summary={d.pagesSummary(figures.pages.length, figures.total)}
              rows={figures.pages.map((p) => ({ label: p.page || d.unknownPage, value: p.count }))}
              labelHead={d.page}
              valueHead={d.count}
            />
          ) : (
            <p className="staff-hint">{d.noPages}</p>
          )}
        </div>
      </section>

      <FunnelSection locale={locale} period={period} rows={funnel} />
    </>
  );
}
