import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** A booked table (decision 0048): one per enquiry, its UID fixed, SEQUENCE raised by each change; what the guest was sent. */
const bookings = (t: { id: string; time: string; serial: string }) => `
  CREATE TABLE bookings (
    enquiry_id ${t.id} PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
    uid text NOT NULL UNIQUE,
    sequence integer NOT NULL,
    status text NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
    event_date text NOT NULL,
    event_time text NOT NULL,
    venue text NOT NULL,
    time_zone text NOT NULL,
    guests integer NOT NULL,
    deposit_amount text,
    deposit_link text,
    changed_at ${t.time} NOT NULL,
    changed_by text NOT NULL
  );
  CREATE INDEX bookings_date ON bookings (event_date, event_time);
  CREATE TABLE booking_messages (
    id ${t.serial} PRIMARY KEY,
    enquiry_id ${t.id} NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    sequence integer NOT NULL,
    method text NOT NULL,
    language text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    ics text NOT NULL,
    via text NOT NULL,
    sent_at ${t.time} NOT NULL,
    UNIQUE (enquiry_id, sequence)
  );
`;

export default {
  version: 21,
  name: "bookings: a booked table's details and what the guest was sent",
  sqlite: bookings({ ...SQLITE_TYPES, serial: "integer" }),
  postgres: bookings({ ...POSTGRES_TYPES, serial: "bigserial" }),
} satisfies Migration;
