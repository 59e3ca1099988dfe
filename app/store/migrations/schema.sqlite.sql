-- table deliveries
CREATE TABLE deliveries (
    enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    channel text NOT NULL,
    state text NOT NULL CHECK (state IN ('pending', 'failed', 'delivered', 'quarantined')),
    
    received_at text NOT NULL,
    
    due_at text NOT NULL,
    attempts text NOT NULL,
    attempt_count integer NOT NULL DEFAULT 0,
    
    sending_since text,
    retried_at text,
    delivered_at text,
    failure text,
    
    quarantine_reason text,
    quarantined_from text,
    changed_at text NOT NULL,
    PRIMARY KEY (enquiry_id, channel)
  );

-- index deliveries_delivered
CREATE INDEX deliveries_delivered ON deliveries (delivered_at) WHERE state = 'delivered';

-- index deliveries_open
CREATE INDEX deliveries_open ON deliveries (state, channel) WHERE state <> 'delivered';

-- index deliveries_pending
CREATE INDEX deliveries_pending ON deliveries (channel, received_at, enquiry_id) WHERE state = 'pending';

-- table delivery_pacing
CREATE TABLE delivery_pacing (
    channel text PRIMARY KEY,
    last_call_started_at text,
    last_call_ended_at text
  , failing_since text, failures integer NOT NULL DEFAULT 0, next_probe_at text, last_failure text);

-- table enquiries
CREATE TABLE enquiries (
    id text PRIMARY KEY,
    received_at text NOT NULL,
    request_id text,
    
    name text NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    category text NOT NULL,
    message text NOT NULL,
    language text
  , reference text, page text, follow_up text NOT NULL DEFAULT 'new'
    CHECK (follow_up IN ('new', 'replied', 'booked', 'closed', 'spam')), follow_up_at text);

-- index enquiries_category
CREATE INDEX enquiries_category ON enquiries (category, received_at);

-- index enquiries_email
CREATE INDEX enquiries_email ON enquiries (lower(email), received_at);

-- index enquiries_follow_up
CREATE INDEX enquiries_follow_up ON enquiries (follow_up, received_at);

-- index enquiries_language
CREATE INDEX enquiries_language ON enquiries (language, received_at);

-- index enquiries_received
CREATE INDEX enquiries_received ON enquiries (received_at, id);

-- index enquiries_reference
CREATE UNIQUE INDEX enquiries_reference ON enquiries (reference);

-- trigger enquiries_search_delete
CREATE TRIGGER enquiries_search_delete AFTER DELETE ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE rowid = old.rowid;
  END;

-- trigger enquiries_search_insert
CREATE TRIGGER enquiries_search_insert AFTER INSERT ON enquiries BEGIN
    INSERT INTO enquiry_search (rowid, reference, name, email, phone, message) VALUES (new.rowid, new.reference, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.name, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.email, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'), new.phone, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.message, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'));
  END;

-- trigger enquiries_search_reference
CREATE TRIGGER enquiries_search_reference AFTER UPDATE OF reference ON enquiries BEGIN
    DELETE FROM enquiry_search WHERE rowid = old.rowid;
    INSERT INTO enquiry_search (rowid, reference, name, email, phone, message) VALUES (new.rowid, new.reference, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.name, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.email, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'), new.phone, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.message, 'Ø', 'o'), 'ø', 'o'), 'Đ', 'd'), 'đ', 'd'), 'Ħ', 'h'), 'ħ', 'h'), 'ı', 'i'), 'Ł', 'l'), 'ł', 'l'), 'Ŧ', 't'), 'ŧ', 't'));
  END;

-- table enquiry_deliverer
CREATE TABLE enquiry_deliverer (
          id integer PRIMARY KEY CHECK (id = 1),
          holder text,
          heartbeat_at text
        );

-- table enquiry_events
CREATE TABLE enquiry_events (
    id integer PRIMARY KEY,
    enquiry_id text NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    at text NOT NULL,
    actor text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('follow-up', 'note', 'retry')),
    from_state text,
    to_state text,
    note text
  );

-- index enquiry_events_enquiry
CREATE INDEX enquiry_events_enquiry ON enquiry_events (enquiry_id, id);

-- table enquiry_schema_versions
CREATE TABLE enquiry_schema_versions (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at text NOT NULL
);

-- table enquiry_search
CREATE VIRTUAL TABLE enquiry_search USING fts5(
    reference, name, email, phone, message,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );

-- table enquiry_search_config
CREATE TABLE 'enquiry_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table enquiry_search_data
CREATE TABLE 'enquiry_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table enquiry_search_docsize
CREATE TABLE 'enquiry_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table enquiry_search_idx
CREATE TABLE 'enquiry_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table set_aside
CREATE TABLE set_aside (
    ref text PRIMARY KEY,
    from_state text NOT NULL,
    reason text NOT NULL,
    at text NOT NULL,
    content text
  );

-- table staff_audit
CREATE TABLE staff_audit (
    id integer PRIMARY KEY,
    at text NOT NULL,
    event text NOT NULL,
    outcome text NOT NULL,
    actor_id text,
    actor_email text,
    subject text,
    address text,
    user_agent text,
    detail text
  );

-- index staff_audit_at
CREATE INDEX staff_audit_at ON staff_audit (at);

-- table staff_challenges
CREATE TABLE staff_challenges (
    challenge text PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    member_id text REFERENCES staff_members (id) ON DELETE CASCADE,
    invitation_hash text,
    expires_at text NOT NULL
  );

-- index staff_challenges_expiry
CREATE INDEX staff_challenges_expiry ON staff_challenges (expires_at);

-- table staff_invitations
CREATE TABLE staff_invitations (
    token_hash text PRIMARY KEY,
    member_id text NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    created_at text NOT NULL,
    expires_at text NOT NULL,
    used_at text,
    created_by text
  );

-- index staff_invitations_member
CREATE INDEX staff_invitations_member ON staff_invitations (member_id);

-- table staff_members
CREATE TABLE staff_members (
    id text PRIMARY KEY,
    email text NOT NULL UNIQUE,
    role text NOT NULL CHECK (role IN ('owner', 'staff')),
    created_at text NOT NULL,
    created_by text
  );

-- table staff_passkeys
CREATE TABLE staff_passkeys (
    id text PRIMARY KEY,
    member_id text NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    public_key text NOT NULL,
    counter integer NOT NULL DEFAULT 0,
    transports text,
    device text NOT NULL,
    backed_up integer NOT NULL DEFAULT 0,
    created_at text NOT NULL,
    last_used_at text
  );

-- index staff_passkeys_member
CREATE INDEX staff_passkeys_member ON staff_passkeys (member_id);

-- table staff_rate_limit
CREATE TABLE staff_rate_limit (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire integer
  );

-- table staff_sessions
CREATE TABLE staff_sessions (
    id_hash text PRIMARY KEY,
    member_id text NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    passkey_id text REFERENCES staff_passkeys (id) ON DELETE CASCADE,
    created_at text NOT NULL,
    last_seen_at text NOT NULL,
    expires_at text NOT NULL,
    user_agent text,
    address text
  );

-- index staff_sessions_expiry
CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);

-- index staff_sessions_member
CREATE INDEX staff_sessions_member ON staff_sessions (member_id);

-- table store_health
CREATE TABLE store_health (
    id integer PRIMARY KEY CHECK (id = 1),
    checked_at text
  );
