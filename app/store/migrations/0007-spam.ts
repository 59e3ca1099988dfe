import type { Migration } from "./migration";

/** Decision 0030: the partial index serves the Spam view without touching the rest of the table. */
const spamLayout = `
  ALTER TABLE enquiries ADD COLUMN spam text;
  CREATE INDEX enquiries_spam ON enquiries (received_at) WHERE spam IS NOT NULL;
`;
export default {
  version: 7,
  name: "the spam folder: why an enquiry was caught (no deliveries until released)",
  sqlite: spamLayout,
  postgres: spamLayout,
} satisfies Migration;
