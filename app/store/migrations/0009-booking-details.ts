import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** Decision 0031: the booking details, each a column of its own (its key in app/content/enquiry-fields.ts). */
const bookingDetails = (types: { time: string }) => `
  ALTER TABLE enquiries ADD COLUMN event_date text;
  ALTER TABLE enquiries ADD COLUMN event_time text;
  ALTER TABLE enquiries ADD COLUMN guests text;
  ALTER TABLE enquiries ADD COLUMN budget text;
  ALTER TABLE enquiries ADD COLUMN city text;
  ALTER TABLE enquiries ADD COLUMN first_replied_at ${types.time};
  CREATE INDEX enquiries_event_date ON enquiries (event_date, received_at) WHERE event_date IS NOT NULL;
  CREATE INDEX enquiries_city ON enquiries (city, received_at) WHERE city IS NOT NULL;
  CREATE INDEX enquiries_first_reply ON enquiries (received_at) WHERE first_replied_at IS NOT NULL;
`;
export default {
  version: 9,
  name: "booking details (day, time, guests, budget, city) and the time of the first reply",
  sqlite: bookingDetails(SQLITE_TYPES),
  postgres: bookingDetails(POSTGRES_TYPES),
} satisfies Migration;
