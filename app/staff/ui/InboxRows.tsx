import { Form, Link } from "@remix-run/react";
import { CONTACT } from "~/i18n/contact";
import { detailText } from "~/i18n/detail-text";
import { INBOX } from "~/i18n/inbox";
import type { Locale } from "~/i18n/locale";
import type { FollowUp } from "~/store/inbox-states";
import { durationParts } from "../inbox/desk-days";
import { staffTime } from "./staff-route";

type ListedEnquiry = {
  id: string;
  reference: string;
  receivedAt: string;
  name: string;
  email: string;
  category: string;
  language: string;
  followUp: FollowUp;
  event_date?: string;
  event_time?: string;
  guests?: string;
  budget?: string;
  city?: string;
  preview?: string;
  deliveries: { channel: string; state: string }[];
};

type Props = {
  locale: Locale;
  rows: ListedEnquiry[];
  configured: string[];
  failing: { channel: string }[];
  /** A button's post comes back here, at its row. */
  back: string;
  now: number;
  show?: { waited?: boolean; event?: boolean };
};

const ONE_CLICK: readonly FollowUp[] = ["replied", "booked", "closed"];

/** The stored value is the form's English one. */
export const categoryName = (category: string, locale: Locale) =>
  (CONTACT[locale].categories as Record<string, string>)[category] ?? category;

/** Delivery trouble only (a channel not configured is not trouble). Each action is a plain form posting to the
 * enquiry's page, which sends the browser back here at the row (#e-<id>): no JavaScript needed. */
export function InboxRows({ locale, rows, configured, failing, back, now, show = {} }: Props) {
  const t = INBOX[locale];
  const trouble = (d: { channel: string; state: string }) =>
    d.state === "failed" || d.state === "quarantined" || d.state === "not-sent"
      ? t.delivery[d.state as "failed"]
      : d.state === "pending" && configured.includes(d.channel) && failing.some((c) => c.channel === d.channel)
        ? t.waitingForProvider
        : undefined;
  return (
    <ul className="inbox-list">
      {rows.map((row) => {
        const problems = row.deliveries.flatMap((d) => {
          const text = trouble(d);
          return text ? [{ channel: d.channel, state: d.state, text }] : [];
        });
        return (
          <li key={row.id} id={`e-${row.id}`} className="inbox-item">
            <Link to={`/staff/inbox/${row.id}`} className="inbox-row">
              <span className="inbox-top">
                <span className={`inbox-badge inbox-${row.followUp}`}>{t.followUp[row.followUp]}</span>
                <strong className="inbox-name">{row.name}</strong>
                <span className="inbox-ref">{row.reference}</span>
              </span>
              {show.event && row.event_date ? (
                <span className="inbox-meta inbox-event" data-event={row.event_date}>
                  {t.event}: {detailText("event_date", row.event_date, locale)}
                  {row.event_time ? ` · ${row.event_time}` : ""}
                  {row.guests ? ` · ${CONTACT[locale].labels.guests}: ${row.guests}` : ""}
                  {row.budget ? ` · ${detailText("budget", row.budget, locale)}` : ""}
                  {row.city ? ` · ${detailText("city", row.city, locale)}` : ""}
                </span>
              ) : null}
              <span className="inbox-meta">
                {staffTime(row.receivedAt, locale)} · {categoryName(row.category, locale)} ·{" "}
                {t.languages[row.language] ?? row.language}
                {show.waited ? (
                  // A line of its own: the fact this view is about.
                  <span className="inbox-waited" data-waited>
                    {t.waited(durationParts(now - Date.parse(row.receivedAt)))}
                  </span>
                ) : null}
              </span>
              {row.preview ? (
                <span className="inbox-preview">
                  {row.preview.length >= 160 ? `${row.preview.trimEnd()}…` : row.preview}
                </span>
              ) : null}
              {problems.length ? (
                <span className="inbox-meta">
                  {problems.map((p) => (
                    <span key={p.channel} className={`inbox-chip inbox-d-${p.state}`}>
                      {t.channel(p.channel)}: {p.text}
                    </span>
                  ))}
                </span>
              ) : null}
            </Link>
            <div className="inbox-row-actions">
              {row.email ? (
                <Form method="post" action={`/staff/inbox/${row.id}`} reloadDocument>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="via" value="email" />
                  <button type="submit" className="staff-button staff-button-small" aria-label={t.replyTo(row.name)}>
                    {t.enquiry.replyEmail}
                  </button>
                </Form>
              ) : null}
              {ONE_CLICK.filter((s) => s !== row.followUp).map((state) =>
                state === "booked" ? (
                  // Booked asks for its details: the enquiry's booking form, not a bare state.
                  <Link
                    key={state}
                    to={`/staff/inbox/${row.id}#booking`}
                    className="staff-button staff-button-quiet staff-button-small"
                    aria-label={t.bookLabel(row.name)}
                  >
                    {t.mark.booked}
                  </Link>
                ) : (
                  <Form key={state} method="post" action={`/staff/inbox/${row.id}`} reloadDocument>
                    <input type="hidden" name="intent" value="follow-up" />
                    <input type="hidden" name="state" value={state} />
                    <input type="hidden" name="back" value={back} />
                    <button
                      type="submit"
                      className="staff-button staff-button-quiet staff-button-small"
                      aria-label={t.markLabel(t.mark[state], row.name)}
                    >
                      {t.mark[state]}
                    </button>
                  </Form>
                ),
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
