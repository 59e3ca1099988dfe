import type { EnquiryRecord, Enquiry } from "./record.server";
import type { Sql } from "./sql.server";

/** The enquiry store's contract, in one part per user: the contact action (Intake), the delivery
 * worker (DeliveryQueue), /healthz and retention (Chores), the outbox command (OperatorCommands).
 * One implementation (sql-store.server.ts, put together from a module per part) over either database, SQLite (the embedded default, one host) or
 * PostgreSQL (several hosts); one contract suite (tests/contracts/store-contract.ts) runs against both. The
 * worker's rules (retry, pacing, give-up, retention) are written once, in
 * app/delivery/worker.server.ts, over this contract (docs/decisions/0019-sqlite-store.md). */
export const STATES = ["pending", "failed", "delivered"] as const;
export type DeliveryState = (typeof STATES)[number];

/** A delivery: an enquiry to one channel ("email", "slack" …), read with its enquiry, in the
 * state it is in. Its shape is the versioned record's (record.server.ts), which version 1's
 * outbox files and `list --json` share. */
export type Delivery = EnquiryRecord & { state: DeliveryState; channel: string };

/** The counts over every channel's deliveries, and per channel. */
export type QueueCounts = {
  pending: number;
  /** Pending deliveries that have been tried and failed at least once. */
  retrying: number;
  failed: number;
  delivered: number;
  /** Rows this version cannot read (and entries imported from a folder that were not records):
   * quarantined. */
  quarantined: number;
  oldestPendingAt?: string;
  channels: Record<string, { pending: number; failed: number; delivered: number }>;
};

/** Something quarantined: never read into a delivery, never sent. `ref` names it for an operator. */
export type Quarantined = { ref: string; from: string; reason: string; at: string };

/** Which process delivers: one at a time per database. */
export type DelivererLock = {
  /** Takes or keeps the right to deliver; checked again just before every call. */
  hold(): Promise<boolean>;
  /** Gives it up (on shutdown), so another process takes over without waiting. */
  release(): Promise<void>;
  /** Why the held right could not be renewed, while that lasts (for /healthz). */
  problem(): string | undefined;
};

/** A channel's health as the deliverer keeps it, in the database beside its pacing row, so every
 * replica and the next start see it (docs/decisions/0026-outage-belongs-to-the-provider.md). While
 * its provider fails (timeouts, network errors, 429, 5xx, a used-up quota) one delivery at a time
 * probes it on the channel's backoff and the others wait without calls. Times are the deliverer's
 * clock, as the deliveries' due times are. */
export type ChannelState = {
  channel: string;
  /** Since when the provider has been failing; undefined while it is up. */
  failingSince?: string;
  /** The provider's faults in a row since then (the backoff's step). */
  failures: number;
  /** When the next probe may be made (while failing). */
  nextProbeAt?: string;
  /** The last fault (the provider's text shortened, never a secret). */
  lastFailure?: { reason: string; status?: number; detail?: string };
};

/** A channel's state in the database: read by anyone, written only by the deliverer. */
export type ChannelHealth = {
  read(): Promise<ChannelState>;
  /** Replaces the state (refused, throws, when this process is not the deliverer). Saving a
   * failing channel up makes every delivery that waited for it due again in arrival order, its
   * own retry timer included (before the state is written, so a crash between them leaves the
   * channel failing, and the next deliverer's recovery does it again). */
  save(state: ChannelState): Promise<void>;
};

/** The spacing between calls to the provider, kept in the database where every deliverer sees
 * it: a new holder continues the spacing of the last one. */
export type Pacing = {
  /** How long to wait before a call may start: `intervalMs` after the end of the previous one,
   * and after its start (a deliverer that died in a call never wrote its end). */
  waitMs(intervalMs: number): Promise<number>;
  /** Notes that a call starts now (refused, throws, when it cannot be noted: then no call). */
  callStarting(): Promise<void>;
  /** Notes that a call has just ended. */
  callEnded(): Promise<void>;
};

/** The contact action's part: accepting an enquiry (app/store/intake.server.ts). */
export type Intake = {
  /** Accepts an enquiry, with one delivery per configured channel, in one transaction:
   * committed (fsync'ed) when this resolves. Gives the first channel's delivery (the others are
   * rows of their own, which nextDue gives to their channel's worker). */
  store(enquiry: Enquiry, requestId?: string, options?: { spam?: SpamCatch }): Promise<Delivery & { dropped?: number }>;
  /** "Not spam": a caught enquiry (or one staff marked spam) back to the inbox as a normal one:
   * its mark cleared and, when it has none yet, one delivery per configured channel, due now,
   * written by the same code as an accept's. False when there is no such enquiry in the Spam view. */
  release(id: string): Promise<boolean>;
};

/** An enquiry the contact form's rules caught (app/enquiry/spam/): kept with why, sent to no
 * channel (no delivery rows at all), within its caps: past `maxPerHour` caught in the last hour
 * or `maxKept` in all, the oldest caught are erased in the same transaction (`dropped`). */
export type SpamCatch = { reasons: readonly string[]; maxPerHour: number; maxKept: number };

/** The delivery worker's part (app/store/delivery-queue.server.ts). */
export type DeliveryQueue = {
  /** The oldest pending delivery of a channel that is due, skipping the ids in `skip`. Rows met
   * on the way that this version cannot read are quarantined. With `probe` (a failing channel's
   * probe), the oldest pending whatever its own due time. Reads a bounded number of index entries
   * whatever the number waiting. */
  nextDue(
    channel: string,
    now: number,
    skip?: readonly string[],
    options?: { probe?: boolean },
  ): Promise<Delivery | undefined>;
  /** Writes the intent to send, just before a call: refused (throws) when it cannot be written
   * or when this process is no longer the deliverer. Undefined when the delivery is no longer
   * pending (an operator changed it meanwhile): not sent. */
  markSending(delivery: Delivery, at: string): Promise<Delivery | undefined>;
  /** Replaces a pending delivery's progress (attempts, next try). */
  update(delivery: Delivery): Promise<void>;
  /** Moves a delivery to another state with changes; safe to call again after a failure. */
  move(delivery: Delivery, to: DeliveryState, changes?: Partial<EnquiryRecord>): Promise<Delivery>;
  deliverer(): DelivererLock;
  /** The spacing of one channel's calls. */
  pacing(channel: string): Pacing;
  /** Whether one channel's provider is up or failing (and when it is probed next). */
  channelHealth(channel: string): ChannelHealth;
  /** Every channel's state that was ever noted (a channel never noted is up). */
  channelStates(): Promise<ChannelState[]>;
  /** The give-up bound reached while a channel fails: its pending deliveries waiting since
   * `cutoff` or earlier (by arrival, or an operator's retry) with no call under way fail
   * with `failure`, without a call. Only the deliverer; returns their ids. */
  failWaiting(channel: string, cutoff: string, failure: NonNullable<EnquiryRecord["failure"]>): Promise<string[]>;
  /** An operator's "try it now": a failing channel's next probe is due at once. False when the
   * channel is not failing. */
  probeNow(channel: string): Promise<boolean>;
};

/** /healthz's view and retention, the chores (app/store/chores.server.ts). */
export type Chores = {
  /** The counts /healthz shows, at most `maxAgeMs` old (this process's own writes are seen at once). */
  counts(options?: { maxAgeMs?: number }): Promise<QueueCounts>;
  /** Throws what a store would meet now (a read-only or full volume, a database gone). */
  writeCheck(): Promise<void>;
  /** Delivered records older than `olderThanMs` (by delivery) deleted; returns how many. The
   * deliverer's chore, and the outbox command's purge. */
  purgeDelivered(olderThanMs: number): Promise<number>;
  /** Retention (ENQUIRY_RETENTION_DAYS): erases the enquiries that reached the team more than
   * `olderThanMs` ago (every delivery delivered, or followed up in the inbox), with everything
   * kept about them; never one nobody has seen. With `spamOlderThanMs` (SPAM_RETENTION_DAYS), the
   * caught enquiries still in the Spam view received that long ago too. Returns how many. */
  eraseExpired(olderThanMs: number, options?: { spamOlderThanMs?: number }): Promise<number>;
};

/** The outbox command's part: it reads everything, so it is not for the server's polls
 * (app/store/operator-commands.server.ts). */
export type OperatorCommands = {
  scan(state: DeliveryState): Promise<{ records: Delivery[]; unreadable: Quarantined[] }>;
  /** An enquiry's deliveries by its id or the start of it, in whatever state. */
  find(idPrefix: string): Promise<Delivery[]>;
  /** Back to pending, due now, with the give-up clock restarted (a failed or pending delivery). */
  retry(delivery: Delivery): Promise<Delivery>;
  quarantined(): Promise<Quarantined[]>;
  /** Deletes what is quarantined, once an operator has looked at it (`ref` as quarantined()
   * gives it); true when there was such an entry. Never touches a record that can be read. */
  dismiss(ref: string): Promise<boolean>;
  /** Takes in a record kept elsewhere (an outbox folder being moved in), in its state, with its
   * attempts; one already here (same id) is left as it is. True when it was inserted. */
  insertExisting(delivery: Delivery): Promise<boolean>;
  /** Quarantines something that is not a record (an imported folder's junk). */
  insertQuarantined(entry: Quarantined & { content: string }): Promise<boolean>;
  /** An online, consistent copy of the database into a new file (SQLite; PostgreSQL refuses:
   * its own tools back it up). */
  backup(file: string): Promise<void>;
  /** The database's own check (SQLite's integrity check) and whether the schema is at this
   * version; `problems` empty when all is well. */
  check(): Promise<{ version: number; problems: string[] }>;
};

/** The store as the process holds it: its users' parts, and what opens and closes it. The
 * staff inbox's reads and writes are app/store/inbox.server.ts, over the same database. */
export type EnquiryStore = Intake &
  DeliveryQueue &
  Chores &
  OperatorCommands & {
    kind: "sqlite" | "postgres";
    /** Where enquiries are kept, for logs and the outbox command: a file, or a database without
     * its password. */
    where: string;
    /** Opens the database and applies the migrations it lacks (once; again after a failure).
     * Refuses, with a StoreRefusal, a file that is not this app's database or is newer. */
    prepare(): Promise<void>;
    /** The database, migrations applied, for the staff area's own tables (members, sessions,
     * passkeys, the audit log) and the inbox's queries (app/store/inbox.server.ts). */
    staffTables(): Promise<Sql>;
    /** Closes connections (the outbox command, tests, shutdown). */
    close(): Promise<void>;
  };

/** A database the server must not use: not a database, damaged, or written by a newer version.
 * The server refuses to start with this message (one line: the file, what is wrong, what to do),
 * and never writes to it. */
export class StoreRefusal extends Error {
  override name = "StoreRefusal";
}
