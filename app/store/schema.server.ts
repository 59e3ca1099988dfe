// Every table's columns and row type as the drivers return them (decision 0044; tests/contracts/columns-contract.ts).

/** What each driver returns for a column kind: SQLite text and 0/1, PostgreSQL Date, boolean and parsed JSON. */
type Kinds = {
  text: string;
  uuid: string;
  int: number;
  /** PostgreSQL's bigint arrives as a string. */
  bigint: number | string;
  real: number;
  bool: number | boolean;
  /** ISO 8601 text on SQLite, a Date on PostgreSQL. */
  time: string | Date;
  /** JSON text on SQLite, parsed on PostgreSQL. */
  json: unknown;
  bytes: Buffer;
  /** PostgreSQL's full-text column, never read. */
  tsvector: string;
};

type Kind = keyof Kinds;
/** `?`: the column may be NULL. */
type Column = Kind | `${Kind}?`;

const TABLES = {
  enquiries: {
    id: "uuid",
    received_at: "time",
    request_id: "text?",
    name: "text",
    email: "text",
    phone: "text",
    category: "text",
    message: "text",
    language: "text?",
    reference: "text?",
    page: "text?",
    follow_up: "text",
    follow_up_at: "time?",
    search: "tsvector?",
    spam: "text?",
    confirmation: "text?",
    event_date: "text?",
    event_time: "text?",
    guests: "text?",
    budget: "text?",
    city: "text?",
    first_replied_at: "time?",
    reply_seconds: "real?",
    source_channel: "text?",
    source_medium: "text?",
    source_campaign: "text?",
    source_referrer: "text?",
    source_landing: "text?",
  },
  deliveries: {
    enquiry_id: "uuid",
    channel: "text",
    state: "text",
    received_at: "time",
    due_at: "time",
    attempts: "json",
    attempt_count: "int",
    sending_since: "time?",
    retried_at: "time?",
    delivered_at: "time?",
    failure: "json?",
    quarantine_reason: "text?",
    quarantined_from: "text?",
    changed_at: "time",
  },
  delivery_pacing: {
    channel: "text",
    last_call_started_at: "time?",
    last_call_ended_at: "time?",
    failing_since: "time?",
    failures: "int",
    next_probe_at: "time?",
    last_failure: "json?",
  },
  delivery_tallies: { channel: "text", state: "text", tried: "bool", n: "int" },
  enquiry_deliverer: {
    id: "int",
    holder: "text?",
    backend_pid: "int?",
    heartbeat_at: "time?",
    last_call_started_at: "time?",
    last_call_ended_at: "time?",
  },
  enquiry_events: {
    id: "bigint",
    enquiry_id: "uuid",
    at: "time",
    actor: "text",
    kind: "text",
    from_state: "text?",
    to_state: "text?",
    note: "text?",
  },
  bookings: {
    enquiry_id: "uuid",
    uid: "text",
    sequence: "int",
    status: "text",
    event_date: "text",
    event_time: "text",
    venue: "text",
    time_zone: "text",
    guests: "int",
    deposit_amount: "text?",
    deposit_link: "text?",
    changed_at: "time",
    changed_by: "text",
  },
  booking_messages: {
    id: "bigint",
    enquiry_id: "uuid",
    sequence: "int",
    method: "text",
    language: "text",
    subject: "text",
    body: "text",
    ics: "text",
    via: "text",
    sent_at: "time",
  },
  calendar_feeds: { member_id: "uuid", token_hash: "text", created_at: "time" },
  calendar_settings: { id: "int", guest_details: "bool" },
  enquiry_replies: {
    id: "bigint",
    enquiry_id: "uuid",
    subject: "text",
    body: "text",
    actor: "text",
    written_at: "time",
    sent_at: "time?",
    via: "text?",
  },
  enquiry_rate_limit: { key: "text", points: "int", expire: "bigint?" },
  enquiry_schema_versions: { version: "int", name: "text", applied_at: "text" },
  enquiry_search: { reference: "text?", name: "text?", email: "text?", phone: "text?", message: "text?" },
  enquiry_source_tallies: { day: "text", channel: "text", campaign: "text", n: "int", replied: "int", booked: "int" },
  enquiry_tallies: { hour: "time", category: "text", language: "text", page: "text", n: "int", booked: "int" },
  quarantine: { ref: "text", from_state: "text", reason: "text", at: "time", content: "text?" },
  store_health: { id: "int", checked_at: "time?" },
  push_devices: {
    id: "text",
    member_id: "uuid",
    endpoint: "text",
    p256dh: "text",
    auth: "text",
    name: "text",
    language: "text",
    created_at: "time",
    last_reached_at: "time?",
    last_confirmed_at: "time?",
  },
  push_keys: { id: "int", public_key: "text", private_key: "text", created_at: "time" },
  push_alerts: {
    enquiry_id: "uuid",
    device_id: "text",
    state: "text",
    sending_since: "time?",
    sent_at: "time?",
    confirmed_at: "time?",
    status: "int?",
  },
  site_media: { name: "text", media_key: "text", content_type: "text", body: "bytes", size: "int" },
  site_photo_parts: { photo_id: "uuid", part: "int", bytes: "bytes", created_at: "time" },
  site_photos: {
    id: "uuid",
    gallery: "text",
    status: "text",
    created_at: "time",
    created_by: "text",
    file_name: "text",
    source: "bytes?",
    claimed_at: "time?",
    failure: "text?",
    media_key: "text?",
    width: "int?",
    height: "int?",
    color: "text?",
    widths: "json?",
    fallback_width: "int?",
    removed_at: "time?",
    last_alt: "json?",
  },
  site_previews: { token_hash: "text", session_hash: "text", expires_at: "time" },
  site_state: {
    id: "int",
    version: "int",
    published_at: "time?",
    draft: "json",
    draft_revision: "int",
    draft_changed_at: "time?",
    draft_changed_by: "text?",
  },
  site_upload_outcomes: { id: "text", member_id: "uuid", expires_at: "time", outcome: "json" },
  site_versions: {
    version: "int",
    published_at: "time",
    published_by: "text",
    document: "json",
    restored_from: "int?",
  },
  visit_pages: {
    day: "text",
    page: "text",
    language: "text",
    device: "text",
    views: "int",
    visitors: "int",
  },
  visit_salts: { day: "text", salt: "text" },
  visit_sources: {
    day: "text",
    channel: "text",
    medium: "text",
    campaign: "text",
    referrer: "text",
    landing: "text",
    visitors: "int",
    contact_visitors: "int",
  },
  visit_visitor_pages: { day: "text", hash: "text", path: "text" },
  visit_visitors: {
    day: "text",
    hash: "text",
    channel: "text",
    medium: "text",
    campaign: "text",
    referrer: "text",
    landing: "text",
    contact: "bool",
  },
  staff_audit: {
    id: "bigint",
    at: "time",
    event: "text",
    outcome: "text",
    actor_id: "text?",
    actor_email: "text?",
    subject: "text?",
    address: "text?",
    user_agent: "text?",
    detail: "json?",
  },
  staff_challenges: {
    challenge: "text",
    purpose: "text",
    member_id: "uuid?",
    invitation_hash: "text?",
    expires_at: "time",
  },
  staff_invitations: {
    token_hash: "text",
    member_id: "uuid",
    created_at: "time",
    expires_at: "time",
    used_at: "time?",
    created_by: "text?",
  },
  staff_members: {
    id: "uuid",
    email: "text",
    role: "text",
    created_at: "time",
    created_by: "text?",
    site_editor: "bool",
  },
  staff_passkeys: {
    id: "text",
    member_id: "uuid",
    public_key: "text",
    counter: "bigint",
    transports: "text?",
    device: "text",
    backed_up: "int",
    created_at: "time",
    last_used_at: "time?",
  },
  staff_rate_limit: { key: "text", points: "int", expire: "bigint?" },
  staff_sessions: {
    id_hash: "text",
    member_id: "uuid",
    passkey_id: "text?",
    created_at: "time",
    last_seen_at: "time",
    expires_at: "time",
    user_agent: "text?",
    address: "text?",
  },
} as const satisfies Record<string, Record<string, Column>>;

export type Table = keyof typeof TABLES;

type Value<C> = C extends `${infer K extends Kind}?` ? Kinds[K] | null : C extends Kind ? Kinds[C] : never;

/** One row of `table` as either driver returns it; `Pick<TableRow<"t">, "a" | "b">` for a narrower SELECT. */
export type TableRow<T extends Table> = { -readonly [C in keyof (typeof TABLES)[T]]: Value<(typeof TABLES)[T][C]> };

/** Where the databases differ: full text (SQLite a virtual table, PostgreSQL a column), and PostgreSQL-only tables. */
const ONLY: Partial<Record<Table, { dialect: "sqlite" | "postgres"; columns?: readonly string[] }>> = {
  enquiries: { dialect: "postgres", columns: ["search"] },
  enquiry_deliverer: { dialect: "postgres", columns: ["backend_pid", "last_call_started_at", "last_call_ended_at"] },
  enquiry_rate_limit: { dialect: "postgres" },
  enquiry_search: { dialect: "sqlite" },
};

/** Old names an operator's script may still read and write, each a view of its table. */
export const VIEWS = { set_aside: "quarantine", push_sends: "push_alerts" } as const satisfies Record<string, Table>;

/** Each table's declared columns on one database, and whether each may be NULL. */
export function declaredColumns(dialect: "sqlite" | "postgres"): Map<string, Map<string, { nullable: boolean }>> {
  const tables = new Map<string, Map<string, { nullable: boolean }>>();
  for (const [table, columns] of Object.entries(TABLES) as [Table, Record<string, Column>][]) {
    const only = ONLY[table];
    if (only && !only.columns && only.dialect !== dialect) continue;
    const kept = new Map<string, { nullable: boolean }>();
    for (const [column, kind] of Object.entries(columns)) {
      if (only?.columns?.includes(column) && only.dialect !== dialect) continue;
      kept.set(column, { nullable: kind.endsWith("?") });
    }
    tables.set(table, kept);
  }
  return tables;
}

/** SQLite's 0/1 and PostgreSQL's boolean, read once here. */
export const flag = (value: Kinds["bool"] | null): boolean => value === true || value === 1;

/** SQLite's integer and PostgreSQL's bigint (a string), and count(*), read once here. */
export const whole = (value: Kinds["bigint"] | null): number => Number(value ?? 0);

/** An aggregate's figure (count, sum: NULL over no rows), read by `whole`. */
export type Count = { n: Kinds["bigint"] | null };
