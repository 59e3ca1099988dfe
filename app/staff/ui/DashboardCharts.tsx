import type { ReactNode } from "react";

/** Inline SVG drawn on the server (no script), sized by its viewBox; each figure's numbers are also in a visually
 * hidden table, for screen readers. */

/** The drawing's width in its own units: about a phone's column, so its text reads at 1:1 there. */
const W = 300;

export type Series<T> = { key: string; label: string; value: (item: T) => number };

type FigureProps = {
  id: string;
  title: string;
  summary: string;
  legend?: { key: string; label: string; line?: boolean }[];
  table: { head: string[]; rows: (string | number)[][] };
  children: ReactNode;
  height: number;
};

function ChartFigure({ id, title, summary, legend, table, children, height }: FigureProps) {
  return (
    <figure className="dash-figure" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="dash-title">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="dash-summary">
        {summary}
      </p>
      {legend ? (
        <ul className="dash-legend">
          {legend.map((l, i) => (
            <li key={l.key}>
              <span className={`dash-swatch ${l.line ? "dash-swatch-line" : `dash-s${i}`}`} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      ) : null}
      <svg
        className="dash-chart"
        viewBox={`0 0 ${W} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        preserveAspectRatio="xMidYMid meet"
      >
        {children}
      </svg>
      {/* A table ignores a width of 1px: the box that hides it is a block around it. */}
      <div className="staff-sr">
        <table id={`${id}-numbers`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={c}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A round top for the scale: 1, 2, 5 × 10ⁿ, at least `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

const PLOT = { left: 26, right: 4, top: 14, bottom: 22 };

function columns(n: number, max: number, height: number) {
  const slot = (W - PLOT.left - PLOT.right) / n;
  const base = height - PLOT.bottom;
  const top = niceMax(max);
  const y = (v: number) => base - ((base - PLOT.top) * v) / top;
  return { slot, base, top, y, x: (i: number) => PLOT.left + i * slot };
}

/** Half is drawn only where it is a whole number of a count. */
function Axis({
  top,
  y,
  format,
  counts = false,
}: {
  top: number;
  y: (v: number) => number;
  format: (v: number) => string;
  counts?: boolean;
}) {
  const ticks = counts && !Number.isInteger(top / 2) ? [0, top] : [0, top / 2, top];
  return (
    <g className="dash-axis">
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PLOT.left} x2={W - PLOT.right} y1={y(v)} y2={y(v)} />
          <text x={PLOT.left - 3} y={y(v) + 3} textAnchor="end">
            {format(v)}
          </text>
        </g>
      ))}
    </g>
  );
}

function WeekLabels({
  labels,
  x,
  slot,
  base,
}: {
  labels: string[];
  x: (i: number) => number;
  slot: number;
  base: number;
}) {
  return (
    <g className="dash-weeks">
      {labels.map((label, i) => {
        const last = i === labels.length - 1;
        // The last ("this week") is wider than its column: it ends at the plot's edge, with room left beside it.
        if (!last && (i > labels.length - 4 || (labels.length - 1 - i) % 2 === 0)) return null;
        return (
          <text key={i} x={last ? x(i) + slot : x(i) + slot / 2} y={base + 13} textAnchor={last ? "end" : "middle"}>
            {label}
          </text>
        );
      })}
    </g>
  );
}

const whole = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function StackedWeeks<T>(props: {
  id: string;
  title: string;
  summary: string;
  weeks: T[];
  weekLabels: string[];
  /** The weeks as the table names them (the axis may say "this week"). */
  weekNames: string[];
  series: Series<T>[];
  line?: Series<T>;
  weekHead: string;
  totalHead: string;
}) {
  const { weeks, series, line } = props;
  const height = 170;
  const totals = weeks.map((w) => series.reduce((s, x) => s + x.value(w), 0));
  const { slot, base, top, y, x } = columns(weeks.length, Math.max(0, ...totals), height);
  const bar = slot * 0.68;
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      summary={props.summary}
      height={height}
      legend={[
        ...series.map((s) => ({ key: s.key, label: s.label })),
        ...(line ? [{ key: line.key, label: line.label, line: true }] : []),
      ]}
      table={{
        head: [props.weekHead, props.totalHead, ...series.map((s) => s.label), ...(line ? [line.label] : [])],
        rows: weeks.map((w, i) => [
          props.weekNames[i]!,
          totals[i]!,
          ...series.map((s) => s.value(w)),
          ...(line ? [line.value(w)] : []),
        ]),
      }}
    >
      <Axis top={top} y={y} format={whole} counts />
      {weeks.map((w, i) => {
        let at = base;
        return (
          <g key={i}>
            {series.map((s, k) => {
              const v = s.value(w);
              if (!v) return null;
              const h = base - y(v);
              at -= h;
              return (
                <rect key={s.key} className={`dash-s${k}`} x={x(i) + (slot - bar) / 2} y={at} width={bar} height={h} />
              );
            })}
            {totals[i] ? (
              <text className="dash-value" x={x(i) + slot / 2} y={y(totals[i]!) - 3} textAnchor="middle">
                {totals[i]}
              </text>
            ) : null}
          </g>
        );
      })}
      {line ? (
        <g className="dash-line">
          <polyline points={weeks.map((w, i) => `${x(i) + slot / 2},${y(line.value(w))}`).join(" ")} />
          {weeks.map((w, i) => (
            <circle key={i} cx={x(i) + slot / 2} cy={y(line.value(w))} r={2.2} />
          ))}
        </g>
      ) : null}
      <WeekLabels labels={props.weekLabels} x={x} slot={slot} base={base} />
    </ChartFigure>
  );
}

export function TimeWeeks(props: {
  id: string;
  title: string;
  summary: string;
  seconds: (number | undefined)[];
  weekLabels: string[];
  weekNames: string[];
  short: (seconds: number) => string;
  long: (seconds: number | undefined) => string;
  weekHead: string;
  valueHead: string;
  extra?: { head: string; values: (string | number)[] };
}) {
  const height = 150;
  const hours = props.seconds.map((s) => (s === undefined ? 0 : s / 3600));
  const { slot, base, top, y, x } = columns(hours.length, Math.max(0, ...hours), height);
  const bar = slot * 0.6;
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      summary={props.summary}
      height={height}
      table={{
        head: [props.weekHead, props.valueHead, ...(props.extra ? [props.extra.head] : [])],
        rows: props.seconds.map((s, i) => [
          props.weekNames[i]!,
          props.long(s),
          ...(props.extra ? [props.extra.values[i]!] : []),
        ]),
      }}
    >
      <Axis top={top} y={y} format={(v) => `${whole(v)} h`} />
      {props.seconds.map((s, i) =>
        s === undefined ? null : (
          <g key={i}>
            <rect
              className="dash-s1"
              x={x(i) + (slot - bar) / 2}
              y={y(hours[i]!)}
              width={bar}
              height={base - y(hours[i]!)}
            />
            <text className="dash-value" x={x(i) + slot / 2} y={y(hours[i]!) - 3} textAnchor="middle">
              {props.short(s)}
            </text>
          </g>
        ),
      )}
      <WeekLabels labels={props.weekLabels} x={x} slot={slot} base={base} />
    </ChartFigure>
  );
}

export function Bars(props: {
  id: string;
  title: string;
  summary: string;
  rows: { label: string; value: number }[];
  labelHead: string;
  valueHead: string;
}) {
  const row = 30;
  const height = Math.max(1, props.rows.length) * row + 4;
  const max = Math.max(1, ...props.rows.map((r) => r.value));
  const width = W - 40;
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      summary={props.summary}
      height={height}
      table={{ head: [props.labelHead, props.valueHead], rows: props.rows.map((r) => [r.label, r.value]) }}
    >
      {props.rows.map((r, i) => {
        const w = Math.max(1, (width * r.value) / max);
        return (
          <g key={i}>
            <text className="dash-label" x={0} y={i * row + 11}>
              {r.label.length > 46 ? `${r.label.slice(0, 45)}…` : r.label}
            </text>
            <rect className="dash-s0" x={0} y={i * row + 15} width={w} height={10} rx={2} />
            <text className="dash-value" x={w + 4} y={i * row + 24}>
              {r.value}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}

export type FunnelStep = { key: string; label: string; value: number; rate: string };

/** The steps as bars centred on one axis, each the width of its count against the first; the rate is of the step
 * before. */
export function FunnelSteps(props: {
  id: string;
  title: string;
  summary: string;
  steps: FunnelStep[];
  heads: [string, string, string];
}) {
  const row = 34;
  const height = props.steps.length * row + 2;
  const max = Math.max(1, ...props.steps.map((s) => s.value));
  return (
    <ChartFigure
      id={props.id}
      title={props.title}
      summary={props.summary}
      height={height}
      table={{ head: props.heads, rows: props.steps.map((s) => [s.label, s.value, s.rate]) }}
    >
      {props.steps.map((s, i) => {
        const w = Math.max(2, (W * s.value) / max);
        return (
          <g key={s.key}>
            <text className="dash-label" x={0} y={i * row + 11}>
              {s.label}: {s.value}
            </text>
            {i ? (
              <text className="dash-value" x={W} y={i * row + 11} textAnchor="end">
                {s.rate}
              </text>
            ) : null}
            <rect className={`dash-s${i % 4}`} x={(W - w) / 2} y={i * row + 16} width={w} height={12} rx={2} />
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** The same steps per source, as a table a person reads (not hidden): each source's name on a row of its own above
 * its counts, so five narrow columns fit a phone. */
export function FunnelTable(props: {
  id: string;
  title: string;
  heads: string[];
  steps: readonly string[];
  rows: { key: string; label: string; values: number[]; rates: string[] }[];
}) {
  return (
    <div className="dash-scroll">
      <table className="dash-funnel" id={props.id}>
        <caption id={`${props.id}-title`} className="dash-title">
          {props.title}
        </caption>
        <thead>
          <tr>
            {props.heads.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {props.rows.map((r) => (
          <tbody key={r.key} data-key={r.key}>
            <tr>
              <th scope="rowgroup" colSpan={props.heads.length}>
                {r.label}
              </th>
            </tr>
            <tr>
              {r.values.map((v, i) => (
                <td key={i} data-step={props.steps[i]}>
                  <span>{v}</span>
                  {i ? <small>{r.rates[i]}</small> : null}
                </td>
              ))}
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}
