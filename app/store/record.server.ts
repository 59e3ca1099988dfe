import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ENQUIRY_FIELDS, type EnquiryFields, type FieldKey } from "~/content/enquiry-fields";
import { LOCALES } from "~/i18n/locale";

/** An enquiry and its delivery as the queue reads them, whichever database holds them (and as
 * the outbox folder of earlier versions wrote them, version 1, which import-outbox reads): its
 * own type, not the form schema's, so a change to the form never silently changes what is
 * stored. A row is read through this check: one this version cannot read is quarantined, never
 * sent. Bounds are generous: they tell a record from something else, they do not re-validate
 * what the form already checked. */
const RECORD_VERSION = 1;

const text = (max: number) => z.string().max(max);
const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not a time");

const attemptSchema = z.object({
  at: isoTime,
  /** "delivered", "http_<status>", "timeout", "network". */
  outcome: text(40),
  status: z.number().int().optional(),
  /** The provider's text, shortened. */
  detail: text(1000).optional(),
});

/** Each field of the enquiry (app/content/enquiry-fields.ts), bounded at ten times its form's
 * bound: a record is told from something else, not validated again. */
const fieldsSchema = z.object(
  Object.fromEntries(
    ENQUIRY_FIELDS.map((f) => [f.key, f.required ? text(f.max * 10) : text(f.max * 10).optional()]),
  ) as unknown as Record<FieldKey, z.ZodType<string>>,
);

const enquirySchema = fieldsSchema.extend({
  language: z.enum(LOCALES).optional(),
  /** The path of the page the form was sent from. */
  page: text(200).optional(),
});

const recordSchema = z.object({
  v: z.literal(RECORD_VERSION).optional(),
  id: z.string().regex(/^[0-9a-f-]{36}$/i, "not an id"),
  receivedAt: isoTime,
  requestId: text(100).optional(),
  /** What the visitor was told (app/store/reference.server.ts); records of earlier versions have none. */
  reference: z
    .string()
    .regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    .optional(),
  enquiry: enquirySchema,
  attempts: z.array(attemptSchema).max(10_000).default([]),
  /** When the next try is due (pending records after a failed try). */
  nextAttemptAt: isoTime.optional(),
  /** Set just before a call to the delivery's channel, cleared with its outcome: found set on a
   * pending record, it means a process died (or could not record the outcome) during a call, so
   * the next send may be a second one (docs/decisions/0016-outbox-faults.md). */
  sendingSince: isoTime.optional(),
  /** When an operator last sent it back to pending: the give-up clock restarts there. */
  retriedAt: isoTime.optional(),
  deliveredAt: isoTime.optional(),
  /** Why it failed for good, and what is likely to fix it. */
  failure: z
    .object({
      reason: text(200),
      status: z.number().int().optional(),
      detail: text(1000).optional(),
      fix: text(1000).optional(),
    })
    .optional(),
});

/** An enquiry as the form accepts it, the store keeps it and the channels send it: what the visitor
 * sent, the language they wrote in (EmailJS gets it as `language`; ones stored before it existed
 * are English) and the page the form was on. */
export type Enquiry = EnquiryFields & Omit<z.infer<typeof enquirySchema>, FieldKey>;
export type EnquiryRecord = Omit<z.infer<typeof recordSchema>, "enquiry"> & { enquiry: Enquiry };

/** How many tries a delivery keeps: the first (its give-up clock may start there) and the latest.
 * The oldest enquiry probes a failing provider at every step of its backoff: a day of one-second
 * steps would otherwise outgrow what a record may hold, and the record would be quarantined. */
export const KEPT_ATTEMPTS = 100;

export function keptAttempts(attempts: EnquiryRecord["attempts"]): EnquiryRecord["attempts"] {
  return attempts.length <= KEPT_ATTEMPTS ? attempts : [attempts[0]!, ...attempts.slice(1 - KEPT_ATTEMPTS)];
}

type Parsed = { ok: true; record: EnquiryRecord } | { ok: false; reason: string };

/** Checks a value (JSON already parsed: a file's text, or a database's jsonb) is a record. */
export function checkRecord(json: unknown): Parsed {
  const result = recordSchema.safeParse(json);
  if (result.success) return { ok: true, record: result.data as EnquiryRecord };
  const where = [...new Set(result.error.issues.map((i) => i.path.join(".") || "(top level)"))].slice(0, 5);
  return { ok: false, reason: `incomplete or foreign record: ${where.join(", ")}` };
}

/** A record as version 1 wrote it, in an outbox folder or PostgreSQL's first layout: the phone
 * under the form's name, `number` (the record's `phone` since). Anything else as it is. */
export function fromFirstLayout(json: unknown): unknown {
  const enquiry = (json as { enquiry?: Record<string, unknown> } | null)?.enquiry;
  if (!enquiry || typeof enquiry !== "object" || !("number" in enquiry) || "phone" in enquiry) return json;
  const { number, ...rest } = enquiry;
  return { ...(json as object), enquiry: { ...rest, phone: number } };
}

/** A record for an enquiry just accepted: a new id, its arrival time, no tries yet. */
export const newRecord = (enquiry: Enquiry, receivedAt: string, requestId?: string): EnquiryRecord => ({
  id: randomUUID(),
  receivedAt,
  requestId,
  enquiry,
  attempts: [],
});

/** Arrival times that increase within a process: two enquiries in the same millisecond get
 * distinct, increasing times, so they are delivered in the order they came. */
export function arrivalClock(now = () => Date.now()) {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return new Date(last).toISOString();
  };
}
