import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** An upload's source in parts of a megabyte, each written and removed in a transaction of its own, out of the photo's
 * row: a status change never rewrites 30 MB, and no write holds SQLite's lock for long
 * (docs/decisions/0043-photo-work-off-the-event-loop.md). Numbered 20 while 16–19 may be taken on other branches:
 * they must not name `site_photo_parts`. */
const layout = (t: { id: string; time: string; bytes: string }) => `
  CREATE TABLE site_photo_parts (
    photo_id ${t.id} NOT NULL,
    part integer NOT NULL,
    bytes ${t.bytes} NOT NULL,
    created_at ${t.time} NOT NULL,
    PRIMARY KEY (photo_id, part)
  );
`;

export default {
  version: 18,
  name: "the site's photo sources in parts, apart from the photo's row",
  sqlite: layout({ ...SQLITE_TYPES, bytes: "blob" }),
  postgres: layout({ ...POSTGRES_TYPES, bytes: "bytea" }),
} satisfies Migration;
