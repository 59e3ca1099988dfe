import type { Migration } from "./migration";

/** The sales desk (issue 39): what its views and its badge read, each by its own index.
 * - "Needs a reply" (follow-up new, not caught as spam), oldest first, and the navigation's count
 *   of it: a partial index holding only those rows, so the count reads the index alone;
 * - "Upcoming": by the event's day, then its time (an enquiry without a time after those with
 *   one: '24:00'), then the id (the page's cursor), only the enquiries still open;
 * - a repeat customer's other enquiries by the phone's digits (the e-mail has its index since
 *   version 2): the same expression as `PHONE_KEY` in app/store/inbox.server.ts. */
const PHONE_KEY =
  "replace(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '')";
const desk = `
  CREATE INDEX enquiries_needs_reply ON enquiries (received_at, id) WHERE follow_up = 'new' AND spam IS NULL;
  CREATE INDEX enquiries_upcoming ON enquiries (event_date, coalesce(event_time, '24:00'), id)
    WHERE event_date IS NOT NULL AND spam IS NULL AND follow_up IN ('new', 'replied', 'booked');
  CREATE INDEX enquiries_phone_key ON enquiries ((${PHONE_KEY}));
`;
export default {
  version: 10,
  name: "the desk's views: needs a reply, upcoming, a person's other enquiries by phone",
  sqlite: desk,
  postgres: desk,
} satisfies Migration;
