import { Form } from "@remix-run/react";
import { DASHBOARD } from "~/i18n/dashboard";
import type { Locale } from "~/i18n/locale";
import { channelName } from "~/i18n/sources";
import { FUNNEL_DAYS, FUNNEL_STEPS, funnelTotal, stepRates, type FunnelPeriod } from "~/staff/funnel";
import { STAFF_PATHS } from "~/staff/paths";
import type { FunnelRow } from "~/utils/visit-source";
import { FunnelSteps, FunnelTable } from "./DashboardCharts";

const SHOWN = 12;

const day = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "hr" ? "hr-HR" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${iso}T12:00:00Z`));

/** Visits → contact page → enquiries → replied → booked, for the period the GET form chose (works without script). */
export function FunnelSection({ locale, period, rows }: { locale: Locale; period: FunnelPeriod; rows: FunnelRow[] }) {
  const t = DASHBOARD[locale].funnel;
  const total = funnelTotal(rows);
  const totalRates = stepRates(total, locale);
  const label = (key: string) =>
    key
      ? period.by === "channel"
        ? channelName(key, locale)
        : key
      : period.by === "channel"
        ? t.unknown
        : t.noCampaign;
  const shown = rows.slice(0, SHOWN);
  return (
    <section className="staff-card dash" aria-labelledby="funnel-heading" id="funnel">
      <h2 id="funnel-heading">{t.title}</h2>
      <p className="staff-hint">{t.lead}</p>
      <Form method="get" action={`${STAFF_PATHS.home}#funnel`} className="dash-funnel-form">
        <label>
          {t.period}
          <select name="days" defaultValue={String(period.days)}>
            {FUNNEL_DAYS.map((d) => (
              <option key={d} value={d}>
                {t.periods(d)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.by}
          <select name="by" defaultValue={period.by}>
            <option value="channel">{t.byChannel}</option>
            <option value="campaign">{t.byCampaign}</option>
          </select>
        </label>
        <button type="submit" className="staff-button staff-button-quiet">
          {t.show}
        </button>
      </Form>
      {rows.length ? (
        <>
          <FunnelSteps
            id="dash-funnel"
            title={t.chart(day(period.from, locale), day(period.to, locale))}
            summary={t.summary(total.visitors, total.enquiries, total.booked)}
            steps={FUNNEL_STEPS.map((step, i) => ({
              key: step,
              label: t.steps[step],
              value: total[step],
              rate: totalRates[i]!,
            }))}
            heads={t.heads}
          />
          <FunnelTable
            id="dash-funnel-by"
            title={t.tableTitle(period.by === "channel" ? t.byChannel : t.byCampaign)}
            heads={FUNNEL_STEPS.map((step) => t.short[step])}
            steps={FUNNEL_STEPS}
            rows={shown.map((r) => ({
              key: r.key,
              label: label(r.key),
              values: FUNNEL_STEPS.map((step) => r[step]),
              rates: stepRates(r, locale),
            }))}
          />
          {rows.length > SHOWN ? <p className="staff-hint">{t.more(rows.length - SHOWN)}</p> : null}
        </>
      ) : (
        <p className="staff-hint">{t.none}</p>
      )}
    </section>
  );
}
