import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** A booked table (decision 0048): one per enquiry, UID fixed, SEQUENCE raised by each change; what the guest was sent;
 * each staff member's calendar feed (its token hashed) and whether it may show more than a first name; the desk's
 * replies, each sent once. */
const bookings = (t: { id: string; time: string; serial: string; flag: string; off: string }) => `
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
  CREATE TABLE calendar_feeds (
    member_id ${t.id} PRIMARY KEY REFERENCES staff_members (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at ${t.time} NOT NULL
  );
  CREATE TABLE calendar_settings (
    id integer PRIMARY KEY CHECK (id = 1),
    guest_details ${t.flag} NOT NULL DEFAULT ${t.off}
  );
  INSERT INTO calendar_settings (id) VALUES (1);
  CREATE TABLE enquiry_replies (
    id ${t.serial} PRIMARY KEY,
    enquiry_id ${t.id} NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    subject text NOT NULL,
    body text NOT NULL,
    actor text NOT NULL,
    written_at ${t.time} NOT NULL,
    sent_at ${t.time},
    via text
  );
  CREATE INDEX enquiry_replies_enquiry ON enquiry_replies (enquiry_id, id);
`;

export default {
  version: 21,
  name: "bookings: a booked table's details, what the guest was sent, the team's calendar feeds, replies",
  sqlite: bookings({ ...SQLITE_TYPES, serial: "integer", flag: "integer", off: "0" }),
  postgres: bookings({ ...POSTGRES_TYPES, serial: "bigserial", flag: "boolean", off: "false" }),
} satisfies Migration;
