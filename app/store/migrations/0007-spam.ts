import type { Migration } from "./migration";

/** The spam folder (issue 37): an enquiry caught by the contact form's rules is kept with why
 * (`spam`: the rules' names, comma-separated; NULL for every other enquiry) and has no
 * deliveries until staff say "Not spam". The partial index serves the Spam view, its caps and
 * its retention without touching the rest of the table. */
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
