import type { Migration } from "./migration";

/** The visitor's confirmation (issue 38): whether an enquiry was given one ('queued': a delivery
 * row on the confirmation channel) or not for a limit ('limit'), on the enquiry's row, so the
 * limits are counted by index at the accept (per address: enquiries_email's lower(email); in
 * all: this partial index) and erased with the enquiry. */
const confirmations = `
  ALTER TABLE enquiries ADD COLUMN confirmation text;
  CREATE INDEX enquiries_confirmed ON enquiries (received_at) WHERE confirmation = 'queued';
`;
export default {
  version: 8,
  name: "the visitor's confirmation: queued or not sent for a limit, counted by index",
  sqlite: confirmations,
  postgres: confirmations,
} satisfies Migration;
