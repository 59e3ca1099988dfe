import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** Decision 0038: the site's draft, versions, photos and encodings (bytes in the database, so any replica serves them). */
const layout = (t: { id: string; time: string; json: string; bytes: string; flag: string; off: string }) => `
  CREATE TABLE site_state (
    id integer PRIMARY KEY CHECK (id = 1),
    version integer NOT NULL,
    published_at ${t.time},
    draft ${t.json} NOT NULL,
    draft_revision integer NOT NULL,
    draft_changed_at ${t.time},
    draft_changed_by text
  );
  INSERT INTO site_state (id, version, draft, draft_revision) VALUES (1, 0, '{}', 0);
  CREATE TABLE site_versions (
    version integer PRIMARY KEY,
    published_at ${t.time} NOT NULL,
    published_by text NOT NULL,
    document ${t.json} NOT NULL,
    restored_from integer
  );
  CREATE TABLE site_photos (
    id ${t.id} PRIMARY KEY,
    gallery text NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
    created_at ${t.time} NOT NULL,
    created_by text NOT NULL,
    file_name text NOT NULL,
    source ${t.bytes},
    claimed_at ${t.time},
    failure text,
    media_key text,
    width integer,
    height integer,
    color text,
    widths ${t.json},
    fallback_width integer,
    removed_at ${t.time},
    last_alt ${t.json}
  );
  CREATE INDEX site_photos_status ON site_photos (status, created_at);
  CREATE INDEX site_photos_gallery ON site_photos (gallery, created_at);
  CREATE TABLE site_media (
    name text PRIMARY KEY,
    media_key text NOT NULL,
    content_type text NOT NULL,
    body ${t.bytes} NOT NULL,
    size integer NOT NULL
  );
  CREATE INDEX site_media_key ON site_media (media_key);
  CREATE TABLE site_previews (
    token_hash text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    expires_at ${t.time} NOT NULL
  );
  ALTER TABLE staff_members ADD COLUMN site_editor ${t.flag} NOT NULL DEFAULT ${t.off};
`;

export default {
  version: 13,
  name: "the owner's site: draft and published versions, photos and their encodings, previews, the Site grant",
  sqlite: layout({ ...SQLITE_TYPES, bytes: "blob", flag: "integer", off: "0" }),
  postgres: layout({ ...POSTGRES_TYPES, bytes: "bytea", flag: "boolean", off: "false" }),
} satisfies Migration;
