import type { Migration } from "./migration";

/** Decision 0046. Days: UTC `YYYY-MM-DD` text; '' where a source has no value (a key column cannot be NULL). */
const layout = (flag: string) => `
  ALTER TABLE enquiries ADD COLUMN source_channel text;
  ALTER TABLE enquiries ADD COLUMN source_medium text;
  ALTER TABLE enquiries ADD COLUMN source_campaign text;
  ALTER TABLE enquiries ADD COLUMN source_referrer text;
  ALTER TABLE enquiries ADD COLUMN source_landing text;
  CREATE INDEX enquiries_sources ON enquiries (received_at, source_channel, source_campaign, follow_up, first_replied_at)
    WHERE spam IS NULL AND follow_up <> 'spam';
  CREATE TABLE visit_pages (
    day text NOT NULL,
    page text NOT NULL,
    language text NOT NULL,
    device text NOT NULL,
    views integer NOT NULL,
    visitors integer NOT NULL,
    PRIMARY KEY (day, page, language, device)
  );
  CREATE TABLE visit_sources (
    day text NOT NULL,
    channel text NOT NULL,
    medium text NOT NULL,
    campaign text NOT NULL,
    referrer text NOT NULL,
    landing text NOT NULL,
    visitors integer NOT NULL,
    contact_visitors integer NOT NULL,
    PRIMARY KEY (day, channel, medium, campaign, referrer, landing)
  );
  CREATE TABLE visit_salts (day text PRIMARY KEY, salt text NOT NULL);
  CREATE TABLE visit_visitors (
    day text NOT NULL,
    hash text NOT NULL,
    channel text NOT NULL,
    medium text NOT NULL,
    campaign text NOT NULL,
    referrer text NOT NULL,
    landing text NOT NULL,
    contact ${flag} NOT NULL,
    PRIMARY KEY (day, hash)
  );
  CREATE TABLE visit_visitor_pages (
    day text NOT NULL,
    hash text NOT NULL,
    path text NOT NULL,
    PRIMARY KEY (day, hash, path)
  );
`;

export default {
  version: 20,
  name: "visits counted a day without a cookie, and each enquiry's first source",
  sqlite: layout("integer"),
  postgres: layout("boolean"),
} satisfies Migration;
