import { Form } from "@remix-run/react";
import { BOOKING } from "~/i18n/booking";
import type { Locale } from "~/i18n/locale";
import type { BookingField, BookingProblem, VenueOption } from "~/staff/inbox/booking-form.server";
import type { Booking, BookingMessage } from "~/store/inbox-booking.server";
import { IntentButton } from "./IntentButton";
import { staffTime } from "./staff-route";

type Props = {
  locale: Locale;
  enquiryId: string;
  booking?: Booking;
  messages: Omit<BookingMessage, "ics">[];
  venues: VenueOption[];
  /** What the event's own fields said, to start from. */
  suggested: { date?: string; time?: string; guests?: string };
  refused?: { problems: Partial<Record<BookingField, BookingProblem>>; fields: Partial<Record<BookingField, string>> };
  notice?: "saved" | "cancelled";
};

/** Booked, with its details: one plain form (no script needed), the cancellation a button of its own. */
export function BookingCard({ locale, enquiryId, booking, messages, venues, suggested, refused, notice }: Props) {
  const t = BOOKING[locale];
  const live = booking?.status === "confirmed" ? booking : undefined;
  const value = (field: BookingField, fallback?: string) => refused?.fields[field] ?? fallback ?? "";
  const problem = (field: BookingField) => refused?.problems[field];
  const input = (field: BookingField) => ({
    id: `booking-${field}`,
    name: field,
    "aria-invalid": problem(field) ? true : undefined,
    "aria-describedby": problem(field) ? `booking-${field}-problem` : undefined,
  });
  const says = (field: BookingField) => {
    const p = problem(field);
    return p ? (
      <p id={`booking-${field}-problem`} className="staff-error">
        {t.problems[p]}
      </p>
    ) : null;
  };
  const options =
    live && !venues.some((v) => v.value === live.venue)
      ? [{ value: live.venue, label: live.venue }, ...venues]
      : venues;
  return (
    <section aria-labelledby="booking" className="inbox-booking">
      <h2 id="booking">{t.title}</h2>
      {notice ? (
        <p className="staff-notice" role="status">
          {notice === "saved" ? t.saved : t.cancelledNotice}
        </p>
      ) : null}
      {booking ? (
        <p data-booking-status={booking.status}>
          <strong>{booking.status === "confirmed" ? t.booked(booking.sequence) : t.cancelled}</strong>
          {" · "}
          {booking.date} {booking.time} · {booking.venue} · {t.guests}: {booking.guests}
          {booking.depositAmount ? ` · ${t.deposit(booking.depositAmount)}` : ""}
          <br />
          <small>{t.changedBy(booking.changedBy, staffTime(booking.changedAt, locale))}</small>
        </p>
      ) : (
        <p className="staff-hint">{t.none}</p>
      )}
      <Form method="post" className="staff-form inbox-booking-form" noValidate>
        <input type="hidden" name="intent" value="book" />
        <div className="inbox-grid">
          <label htmlFor="booking-date">{t.date}</label>
          <label htmlFor="booking-time">{t.time}</label>
          <input type="date" {...input("date")} defaultValue={value("date", live?.date ?? suggested.date)} required />
          <input type="time" {...input("time")} defaultValue={value("time", live?.time ?? suggested.time)} required />
        </div>
        {says("date")}
        {says("time")}
        <label htmlFor="booking-venue">{t.venue}</label>
        <select {...input("venue")} defaultValue={value("venue", live?.venue)} required>
          <option value="">{t.chooseVenue}</option>
          {options.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
        {says("venue")}
        <label htmlFor="booking-guests">{t.guests}</label>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          {...input("guests")}
          defaultValue={value("guests", live ? String(live.guests) : suggested.guests)}
          required
        />
        {says("guests")}
        <label htmlFor="booking-depositAmount">{t.depositAmount}</label>
        <input
          inputMode="decimal"
          {...input("depositAmount")}
          defaultValue={value("depositAmount", live?.depositAmount)}
        />
        {says("depositAmount")}
        <label htmlFor="booking-depositLink">{t.depositLink}</label>
        <input
          type="url"
          maxLength={500}
          {...input("depositLink")}
          defaultValue={value("depositLink", live?.depositLink)}
          aria-describedby={problem("depositLink") ? "booking-depositLink-problem" : "booking-deposit-hint"}
        />
        <p id="booking-deposit-hint" className="staff-hint">
          {t.depositHint}
        </p>
        {says("depositLink")}
        <button type="submit" className="staff-button">
          {live ? t.change : t.book}
        </button>
      </Form>
      {live ? (
        <>
          <p className="staff-hint">{t.cancelHint}</p>
          <IntentButton intent="cancel-booking" className="staff-button staff-button-danger">
            {t.cancel}
          </IntentButton>
        </>
      ) : null}
      {messages.length ? (
        <>
          <h3>{t.sent}</h3>
          <ul className="staff-list" data-booking-messages>
            {messages.map((m) => (
              <li key={m.sequence}>
                <details className="inbox-sent" data-sequence={m.sequence}>
                  <summary>
                    <strong>{m.subject}</strong>
                    <br />
                    <small>{t.sentVia(m.via, staffTime(m.sentAt, locale))}</small>
                  </summary>
                  <p className="inbox-message">{m.body}</p>
                </details>
                <a href={`/staff/inbox/${enquiryId}/booking/${m.sequence}.ics`} download>
                  {t.calendarFile}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
