import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** A preview belongs to the staff session that started it (decision 0038): deleting the session (sign-out, "sign out
 * everywhere", a removal, a reset, the expiry purge) deletes its previews. Previews last an hour and none was tied
 * to a session, so the old rows go rather than being guessed a session. */
const layout = (t: { time: string }) => `
  DROP TABLE site_previews;
  CREATE TABLE site_previews (
    token_hash text PRIMARY KEY,
    session_hash text NOT NULL REFERENCES staff_sessions (id_hash) ON DELETE CASCADE,
    expires_at ${t.time} NOT NULL
  );
  CREATE INDEX site_previews_session ON site_previews (session_hash);
`;

export default {
  version: 17,
  name: "a site preview belongs to the staff session that started it",
  sqlite: layout(SQLITE_TYPES),
  postgres: layout(POSTGRES_TYPES),
} satisfies Migration;
