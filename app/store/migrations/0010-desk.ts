import type { Migration } from "./migration";

/** The desk (decision 0031): each desk view by its own index; PHONE_KEY is the same expression as app/store/inbox-desk.server.ts's. */
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
