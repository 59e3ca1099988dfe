import type { Translations } from "./translations";

/** The guest's booking message (app/delivery/booking.server.ts), in the enquiry's language; the name made inert. */
export type BookingFacts = {
  brand: string;
  name: string;
  reference: string;
  /** The day and time as the language says them. */
  when: string;
  timeZone: string;
  venue: string;
  guests: number;
  deposit?: { amount: string; link?: string };
  phone: string;
};

type Kind = "booked" | "changed" | "cancelled";

const en = {
  subject: (kind: Kind, f: BookingFacts) =>
    `${{ booked: "Your table is booked", changed: "Your booking has changed", cancelled: "Your booking is cancelled" }[kind]} — ${f.reference}`,
  summary: (f: Pick<BookingFacts, "brand" | "venue" | "guests">) =>
    `${f.brand}: table at ${f.venue}, ${f.guests} guests`,
  lines: (kind: Kind, f: BookingFacts) => [
    f.name ? `Dear ${f.name},` : "Hello,",
    {
      booked: `your table is booked. The details:`,
      changed: `we have changed your booking. These details replace the earlier ones:`,
      cancelled: `your booking is cancelled. It was:`,
    }[kind],
    `When: ${f.when} (${f.timeZone} time)`,
    `Where: ${f.venue}`,
    `Guests: ${f.guests}`,
    ...(f.deposit && kind !== "cancelled"
      ? [`Deposit: €${f.deposit.amount}${f.deposit.link ? `, to pay here: ${f.deposit.link}` : ""}`]
      : []),
    `Reference: ${f.reference}`,
    kind === "cancelled"
      ? "The attached calendar file removes it from your calendar."
      : "The attached calendar file adds it to your calendar.",
    `Questions? Reply to this e-mail or call us on ${f.phone}.`,
    `Warm regards, the ${f.brand} team`,
  ],
};

const hr: typeof en = {
  subject: (kind, f) =>
    `${{ booked: "Vaš je stol rezerviran", changed: "Vaša je rezervacija promijenjena", cancelled: "Vaša je rezervacija otkazana" }[kind]} — ${f.reference}`,
  summary: (f) => `${f.brand}: stol u ${f.venue}, gostiju: ${f.guests}`,
  lines: (kind, f) => [
    f.name ? `Poštovani/a ${f.name},` : "Dobar dan,",
    {
      booked: "vaš je stol rezerviran. Pojedinosti:",
      changed: "promijenili smo vašu rezervaciju. Ove pojedinosti zamjenjuju prijašnje:",
      cancelled: "vaša je rezervacija otkazana. Bila je:",
    }[kind],
    `Kada: ${f.when} (vrijeme: ${f.timeZone})`,
    `Gdje: ${f.venue}`,
    `Gostiju: ${f.guests}`,
    ...(f.deposit && kind !== "cancelled"
      ? [`Polog: ${f.deposit.amount.replace(".", ",")} €${f.deposit.link ? `, plaćanje ovdje: ${f.deposit.link}` : ""}`]
      : []),
    `Broj rezervacije: ${f.reference}`,
    kind === "cancelled"
      ? "Priložena datoteka za kalendar uklanja je iz vašeg kalendara."
      : "Priložena datoteka za kalendar dodaje je u vaš kalendar.",
    `Pitanja? Odgovorite na ovaj e-mail ili nas nazovite na ${f.phone}.`,
    `Srdačan pozdrav, tim ${f.brand}`,
  ],
};

export const BOOKING_MESSAGE: Translations<typeof en> = { en, hr };
