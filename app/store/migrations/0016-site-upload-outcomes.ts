import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** What an upload from the plain form added and refused, read once by the gallery page it redirects to: the list of
 * refused names does not fit in a URL (docs/decisions/0041-multipart-parser-and-upload-refusals.md). */
const layout = (t: { id: string; time: string; json: string }) => `
  CREATE TABLE site_upload_outcomes (
    id text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    expires_at ${t.time} NOT NULL,
    outcome ${t.json} NOT NULL
  );
  CREATE INDEX site_upload_outcomes_expiry ON site_upload_outcomes (expires_at);
`;

export default {
  version: 16,
  name: "an upload's outcome, shown on the page the form returns to",
  sqlite: layout(SQLITE_TYPES),
  postgres: layout(POSTGRES_TYPES),
} satisfies Migration;
