import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** Secrets are never stored: an invitation and a session are found by the SHA-256 of their token. */
const staffLayout = (t: { id: string; time: string; json: string; serial: string; big: string }) => `
  CREATE TABLE staff_members (
    id ${t.id} PRIMARY KEY,
    email text NOT NULL UNIQUE,
    role text NOT NULL CHECK (role IN ('owner', 'staff')),
    created_at ${t.time} NOT NULL,
    created_by text
  );
  CREATE TABLE staff_passkeys (
    id text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    public_key text NOT NULL,
    counter ${t.big} NOT NULL DEFAULT 0,
    transports text,
    device text NOT NULL,
    backed_up integer NOT NULL DEFAULT 0,
    created_at ${t.time} NOT NULL,
    last_used_at ${t.time}
  );
  CREATE INDEX staff_passkeys_member ON staff_passkeys (member_id);
  CREATE TABLE staff_invitations (
    token_hash text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    created_at ${t.time} NOT NULL,
    expires_at ${t.time} NOT NULL,
    used_at ${t.time},
    created_by text
  );
  CREATE INDEX staff_invitations_member ON staff_invitations (member_id);
  CREATE TABLE staff_sessions (
    id_hash text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    passkey_id text REFERENCES staff_passkeys (id) ON DELETE CASCADE,
    created_at ${t.time} NOT NULL,
    last_seen_at ${t.time} NOT NULL,
    expires_at ${t.time} NOT NULL,
    user_agent text,
    address text
  );
  CREATE INDEX staff_sessions_member ON staff_sessions (member_id);
  CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);
  CREATE TABLE staff_challenges (
    challenge text PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    member_id ${t.id} REFERENCES staff_members (id) ON DELETE CASCADE,
    invitation_hash text,
    expires_at ${t.time} NOT NULL
  );
  CREATE INDEX staff_challenges_expiry ON staff_challenges (expires_at);
  CREATE TABLE staff_audit (
    id ${t.serial} PRIMARY KEY,
    at ${t.time} NOT NULL,
    event text NOT NULL,
    outcome text NOT NULL,
    actor_id text,
    actor_email text,
    subject text,
    address text,
    user_agent text,
    detail ${t.json}
  );
  CREATE INDEX staff_audit_at ON staff_audit (at);
  CREATE TABLE staff_rate_limit (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire ${t.big}
  );
`;
export default {
  version: 3,
  name: "staff: people, passkeys, invitations, sessions, challenges, audit, sign-in limit",
  sqlite: staffLayout({ ...SQLITE_TYPES, serial: "integer", big: "integer" }),
  postgres: staffLayout({ ...POSTGRES_TYPES, serial: "bigserial", big: "bigint" }),
} satisfies Migration;
