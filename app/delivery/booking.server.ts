// The guest's booking messages (decision 0048): the booking as it stands at its turn, with its .ics; through EmailJS's
// booking template, or kept in the outbox stand-in when there is none. Each SEQUENCE is kept once, so a send repeated
// after a restart finds it and calls nobody.
import { BRAND, type ContactDetails } from "~/content/site";
import { BOOKING_MESSAGE, type BookingFacts } from "~/i18n/booking-message.server";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/locale";
import type { Booking, BookingMessage } from "~/store/inbox-booking.server";
import { BOOKING_CHANNEL } from "~/store/inbox-booking.server";
import type { Delivery } from "~/store/store.server";
import type { EmailJsConfig } from "~/utils/env.server";
import { calendarText } from "./booking-ics.server";
import { inertName } from "./confirmation.server";
import { EMAILJS_PACING, postEmailJs } from "./emailjs.server";
import { judgeEmailJs } from "./retry-policy.server";
import type { DeliveryChannel, SendResult } from "./transport.server";

/** What the channel reads and writes of `store.inbox`, asked for at each send (the wiring makes channels first). */
export type BookingRows = {
  booking(id: string): Promise<Booking | undefined>;
  bookingMessages(id: string): Promise<BookingMessage[]>;
  keepBookingMessage(id: string, message: BookingMessage): Promise<void>;
};

const TAGS: Record<Locale, string> = { en: "en-GB", hr: "hr-HR" };

function whenText(booking: Pick<Booking, "date" | "time">, locale: Locale): string {
  const day = new Intl.DateTimeFormat(TAGS[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${booking.date}T00:00:00Z`));
  return `${day}, ${booking.time}`;
}

function bookingMessage(
  delivery: Pick<Delivery, "enquiry" | "reference">,
  booking: Booking,
  contact: ContactDetails,
): Omit<BookingMessage, "via" | "sentAt"> & { locale: Locale } {
  const locale: Locale = LOCALES.find((l) => l === delivery.enquiry.language) ?? DEFAULT_LOCALE;
  const t = BOOKING_MESSAGE[locale];
  const kind = booking.status === "cancelled" ? "cancelled" : booking.sequence === 0 ? "booked" : "changed";
  const facts: BookingFacts = {
    brand: BRAND,
    name: inertName(delivery.enquiry.name),
    reference: delivery.reference ?? "",
    when: whenText(booking, locale),
    timeZone: booking.timeZone,
    venue: booking.venue,
    guests: booking.guests,
    ...(booking.depositAmount ? { deposit: { amount: booking.depositAmount, link: booking.depositLink } } : {}),
    phone: contact.phone,
  };
  const body = t.lines(kind, facts).join("\n");
  const method = booking.status === "cancelled" ? "CANCEL" : "REQUEST";
  const ics = calendarText(
    [
      {
        booking,
        summary: t.summary(facts),
        description: `${facts.reference}${booking.depositLink ? `\n${booking.depositLink}` : ""}`,
      },
    ],
    { method, organizer: { name: BRAND, email: contact.email } },
  );
  return {
    locale,
    sequence: booking.sequence,
    method,
    language: locale,
    subject: t.subject(kind, facts),
    body,
    ics,
  };
}

export function bookingChannel(
  config: (EmailJsConfig & { bookingTemplateId: string }) | undefined,
  rows: () => BookingRows,
  contact: () => ContactDetails,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): DeliveryChannel {
  const post = async (delivery: Delivery, message: ReturnType<typeof bookingMessage>): Promise<SendResult> => {
    if (!config) return { ok: true, status: 200 };
    const form = new FormData();
    const variables: Record<string, string> = {
      to_email: delivery.enquiry.email.trim(),
      to_name: inertName(delivery.enquiry.name),
      reply_to: contact().email,
      language: message.language,
      subject: message.subject,
      text: message.body,
      reference: delivery.reference ?? "",
      // EmailJS's variable attachment: a data URL in the variable the template names.
      calendar_file: `data:text/calendar;method=${message.method};charset=utf-8;base64,${Buffer.from(message.ics).toString("base64")}`,
      calendar_name: `booking-${delivery.reference ?? "table"}.ics`,
    };
    for (const [key, value] of Object.entries(variables)) form.set(key, value);
    return postEmailJs(config, config.bookingTemplateId, form, { timeoutMs });
  };
  return {
    name: BOOKING_CHANNEL,
    // The stand-in calls nobody, so it keeps its own pace.
    pacing: config ? EMAILJS_PACING : undefined,
    intervalMs: config ? intervalMs : 0,
    async send(delivery) {
      const store = rows();
      const booking = await store.booking(delivery.id);
      if (!booking) return { ok: true, status: 204 };
      if ((await store.bookingMessages(delivery.id)).some((m) => m.sequence === booking.sequence))
        return { ok: true, status: 208 };
      const message = bookingMessage(delivery, booking, contact());
      const result = await post(delivery, message);
      if (!result.ok) return result;
      const { locale: _locale, ...kept } = message;
      await store.keepBookingMessage(delivery.id, {
        ...kept,
        via: config ? "emailjs" : "outbox",
        sentAt: new Date().toISOString(),
      });
      return result;
    },
    judge: judgeEmailJs,
    giveUpFix: (ms) =>
      `Still failing after ${Math.round(ms / 3_600_000)} h: check EmailJS's status, the account and the booking template (EMAILJS_BOOKING_TEMPLATE_ID), then \`npm run outbox -- retry --failed\`.`,
  };
}
