// The enquiry store's contract, one part per user; one implementation over SQLite or PostgreSQL, one contract suite
// (tests/contracts/store-contract.ts) for both (decision 0019).
import type { EnquiryRecord, Enquiry } from "./record.server";
import type { InboxPart } from "./inbox-part.server";
import type { PushPart } from "./push-part.server";
import type { SitePart } from "./site-part.server";
import type { SiteSummary } from "./site-photos.server";
import type { StaffPart } from "./staff-part.server";
import type { VisitsPart } from "./visits.server";

export const STATES = ["pending", "failed", "delivered"] as const;
export type DeliveryState = (typeof STATES)[number];

export type Delivery = EnquiryRecord & { state: DeliveryState; channel: string };

export type QueueCounts = {
  pending: number;
  retrying: number;
  failed: number;
  delivered: number;
  quarantined: number;
  oldestPendingAt?: string;
  channels: Record<string, { pending: number; failed: number; delivered: number }>;
};

export type Quarantined = { ref: string; from: string; reason: string; at: string };

export type DelivererLock = {
  hold(): Promise<boolean>;
  release(): Promise<void>;
  problem(): string | undefined;
};

export type ChannelState = {
  channel: string;
  failingSince?: string;
  failures: number;
  nextProbeAt?: string;
  lastFailure?: { reason: string; status?: number; detail?: string };
};

export type ChannelHealth = {
  read(): Promise<ChannelState>;
  /** Making the backlog due comes before the state is written, so a crash between leaves it failing and recovery does it again. */
  save(state: ChannelState): Promise<void>;
};

export type Pacing = {
  /** And after its start: a deliverer that died in a call never wrote its end. */
  waitMs(intervalMs: number): Promise<number>;
  callStarting(): Promise<void>;
  callEnded(): Promise<void>;
};

export type Intake = {
  store(enquiry: Enquiry, requestId?: string, options?: { spam?: SpamCatch }): Promise<Delivery & { dropped?: number }>;
  release(id: string): Promise<boolean>;
};

export type SpamCatch = { reasons: readonly string[]; maxPerHour: number; maxKept: number };

export type DeliveryQueue = {
  nextDue(
    channel: string,
    now: number,
    skip?: readonly string[],
    options?: { probe?: boolean },
  ): Promise<Delivery | undefined>;
  markSending(delivery: Delivery, at: string): Promise<Delivery | undefined>;
  update(delivery: Delivery): Promise<void>;
  move(delivery: Delivery, to: DeliveryState, changes?: Partial<EnquiryRecord>): Promise<Delivery>;
  deliverer(): DelivererLock;
  pacing(channel: string): Pacing;
  channelHealth(channel: string): ChannelHealth;
  channelStates(): Promise<ChannelState[]>;
  failWaiting(channel: string, cutoff: string, failure: NonNullable<EnquiryRecord["failure"]>): Promise<string[]>;
  probeNow(channel: string): Promise<boolean>;
  /** Called after each write of this process to the store; returns the way to stop. */
  onWrite(listener: () => void): () => void;
};

export type Chores = {
  counts(options?: { maxAgeMs?: number }): Promise<QueueCounts>;
  writeCheck(): Promise<void>;
  purgeDelivered(olderThanMs: number): Promise<number>;
  eraseExpired(olderThanMs: number, options?: { spamOlderThanMs?: number }): Promise<number>;
};

export type OperatorCommands = {
  scan(state: DeliveryState): Promise<{ deliveries: Delivery[]; unreadable: Quarantined[] }>;
  find(idPrefix: string): Promise<Delivery[]>;
  retry(delivery: Delivery): Promise<Delivery>;
  quarantined(): Promise<Quarantined[]>;
  dismiss(ref: string): Promise<boolean>;
  insertExisting(delivery: Delivery): Promise<boolean>;
  insertQuarantined(entry: Quarantined & { content: string }): Promise<boolean>;
  backup(file: string): Promise<void>;
  /** `site`: the published site's summary, read once the schema is the latest. */
  check(): Promise<{ version: number; problems: string[]; site?: SiteSummary }>;
};

export type EnquiryStore = Intake &
  DeliveryQueue &
  Chores &
  OperatorCommands & {
    kind: "sqlite" | "postgres";
    where: string;
    prepare(): Promise<void>;
    staff: StaffPart;
    push: PushPart;
    site: SitePart;
    inbox: InboxPart;
    visits: VisitsPart;
    close(): Promise<void>;
  };

/** The server refuses to start with this message and never writes to it. */
export class StoreRefusal extends Error {
  override name = "StoreRefusal";
}
