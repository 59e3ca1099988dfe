import type { OutboxRecord, StoredEnquiry } from "./outbox-record.server";

/** The enquiry store's contract: what the contact action, the delivery worker, /healthz and the
 * outbox command need of wherever enquiries are kept. Two stores keep it, and one contract test
 * suite (store-contract.ts) runs against both:
 *
 *   file-store.server.ts   the embedded default: OUTBOX_DIR, one host (fsync + rename)
 *   pg-store.server.ts     DATABASE_URL: PostgreSQL, several hosts (a committed INSERT)
 *
 * The worker's rules (retry, pacing, give-up, retention) are written once, in
 * delivery.server.ts, over this contract (docs/decisions/0018-postgresql-store.md). */
export const STATES = ["pending", "failed", "delivered"] as const;
export type RecordState = (typeof STATES)[number];

/** A record (the versioned format of outbox-record.server.ts) and the state it is in. */
export type QueuedRecord = OutboxRecord & { state: RecordState };

export type QueueCounts = {
  pending: number;
  /** Pending records that have been tried and failed at least once. */
  retrying: number;
  failed: number;
  /** What was found in the store that is not a record, set aside. */
  quarantined: number;
  oldestPendingAt?: string;
};

/** Something set aside: never parsed into a record, never sent. `ref` names it for an operator
 * (a folder under quarantine/, or a row's id). */
export type SetAside = { ref: string; from: string; reason: string; at: string };

/** An entry of a state that is not a record (the outbox command lists it; the worker sets it aside). */
export type Unreadable = { state: RecordState; ref: string; reason: string };

/** Which process delivers: one at a time per store. */
export type DelivererLock = {
  /** Takes or keeps the right to deliver; checked again just before every call to EmailJS. */
  hold(): Promise<boolean>;
  /** Gives it up (on shutdown), so another process takes over without waiting. */
  release(): Promise<void>;
  /** Why the held right could not be renewed, while that lasts (for /healthz). */
  problem(): string | undefined;
};

/** The spacing between calls to EmailJS, kept where every deliverer sees it: a new holder
 * continues the spacing of the last one. */
export type Pacing = {
  /** How long to wait before a call may start: `intervalMs` after the end of the previous one,
   * and after its start (a deliverer that died in a call never wrote its end). */
  waitMs(intervalMs: number): Promise<number>;
  /** Notes that a call starts now (refused, throws, when it cannot be noted: then no call). */
  callStarting(): Promise<void>;
  /** Notes that a call has just ended. */
  callEnded(): Promise<void>;
};

export type EnquiryStore = {
  kind: "file" | "postgres";
  /** Where it is, for logs and the outbox command: a folder, or a database without its password. */
  where: string;
  /** Creates what the store needs (folders, or the schema); again after a failure. */
  prepare(): Promise<void>;
  /** Accepts an enquiry: durable (fsync'ed, or committed) when this resolves. */
  store(enquiry: StoredEnquiry, requestId?: string): Promise<QueuedRecord>;
  /** The oldest pending record that is due, read afresh, skipping the ids in `skip`. Entries
   * met on the way that are not records are set aside. */
  nextDue(now: number, skip?: readonly string[]): Promise<QueuedRecord | undefined>;
  /** Writes the intent to send, just before a call: refused (throws) when it cannot be written
   * or, for a store shared by hosts, when this process is no longer the deliverer. Undefined
   * when the record is no longer pending (an operator changed it meanwhile): not sent. */
  markSending(record: QueuedRecord, at: string): Promise<QueuedRecord | undefined>;
  /** Replaces a record's contents in its state. */
  update(record: QueuedRecord): Promise<void>;
  /** Moves a record to another state with changes; safe to call again after a failure. */
  move(record: QueuedRecord, to: RecordState, changes?: Partial<OutboxRecord>): Promise<QueuedRecord>;
  /** The counts /healthz shows, at most `maxAgeMs` old, at a cost that does not grow with them. */
  counts(options?: { maxAgeMs?: number }): Promise<QueueCounts>;
  /** Throws what a store would meet now (a read-only volume or database, a full disk, no connection). */
  writeCheck(): Promise<void>;
  /** The deliverer's periodic chores: delivered records past retention deleted (returns how many). */
  housekeeping(retentionMs: number, now: number): Promise<number>;
  /** Called once at the worker's start: records left by earlier versions taken in (returns how many). */
  adopt(): Promise<number>;
  /** Called when this process becomes the deliverer after another: forget what it cached. */
  tookOver(): void;
  deliverer(): DelivererLock;
  pacing(): Pacing;

  // The outbox command's view (reads everything: not for the server's polls).
  scan(state: RecordState): Promise<{ records: QueuedRecord[]; unreadable: Unreadable[] }>;
  /** A record by its id or the start of it, in whatever state. */
  find(idPrefix: string): Promise<QueuedRecord[]>;
  /** Back to pending, due now, with the give-up clock restarted (a failed or pending record). */
  retry(record: QueuedRecord): Promise<QueuedRecord>;
  purgeDelivered(olderThanMs: number, now?: number): Promise<number>;
  quarantined(): Promise<SetAside[]>;
  totals(): Promise<{ pending: number; failed: number; delivered: number; quarantined: number }>;
  /** Closes connections (the outbox command, tests, shutdown). */
  close(): Promise<void>;
};
