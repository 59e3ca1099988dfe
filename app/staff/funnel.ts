import type { FunnelRow } from "~/utils/visit-source";

export const FUNNEL_DAYS = [7, 30, 90, 365] as const;
export const FUNNEL_STEPS = ["visitors", "contactVisitors", "enquiries", "replied", "booked"] as const;
export type FunnelPeriod = { days: number; from: string; to: string; by: "channel" | "campaign" };

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The dashboard's period control, read from its GET form: anything else is the default, never an error. */
export function funnelPeriod(params: URLSearchParams, now = new Date()): FunnelPeriod {
  const asked = Number(params.get("days"));
  const days = (FUNNEL_DAYS as readonly number[]).includes(asked) ? asked : 30;
  const by = params.get("by") === "campaign" ? "campaign" : "channel";
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { days, from: utcDay(from), to: utcDay(now), by };
}

export function funnelTotal(rows: readonly FunnelRow[]): FunnelRow {
  const total: FunnelRow = { key: "", visitors: 0, contactVisitors: 0, enquiries: 0, replied: 0, booked: 0 };
  for (const row of rows) for (const step of FUNNEL_STEPS) total[step] += row[step];
  return total;
}

/** Each step's share of the one before ("–" where the one before is none); the first step has none. */
export function stepRates(row: FunnelRow, locale: string): string[] {
  const percent = new Intl.NumberFormat(locale === "hr" ? "hr-HR" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return FUNNEL_STEPS.map((step, i) => {
    if (i === 0) return "";
    const before = row[FUNNEL_STEPS[i - 1]!];
    return before > 0 ? percent.format(row[step] / before) : "–";
  });
}
