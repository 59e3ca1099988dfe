import type { Migration } from "./migration";

/** The visitor's confirmation (docs/operations.md): on the enquiry's row, so the limits are counted by index at the accept and erased with it. */
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
