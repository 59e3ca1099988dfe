// Its own type, not the form schema's, so a change to the form never silently changes what is stored. Bounds tell a
// record from something else; they do not re-validate.
import { randomUUID } from "node:crypto";
import * as z from "zod";
import { ENQUIRY_FIELDS, type EnquiryFields, type FieldKey } from "~/content/enquiry-fields";
import { LOCALES } from "~/i18n/locale";

const RECORD_VERSION = 1;

const text = (max: number) => z.string().max(max);
const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not a time");

const attemptSchema = z.object({
  at: isoTime,
  outcome: text(40),
  status: z.number().int().optional(),
  detail: text(1000).optional(),
});

const fieldsSchema = z.object(
  Object.fromEntries(
    ENQUIRY_FIELDS.map((f) => [f.key, f.required ? text(f.max * 10) : text(f.max * 10).optional()]),
  ) as unknown as Record<FieldKey, z.ZodType<string>>,
);

const sourceSchema = z.object({
  channel: text(100),
  medium: text(100).optional(),
  campaign: text(100).optional(),
  referrer: text(253).optional(),
  landing: text(200),
});

const enquirySchema = fieldsSchema.extend({
  language: z.enum(LOCALES).optional(),
  page: text(200).optional(),
  /** The visitor's first source of the day (decision 0046); none before it, or with no visit counted. */
  source: sourceSchema.optional(),
});

const recordSchema = z.object({
  v: z.literal(RECORD_VERSION).optional(),
  id: z.string().regex(/^[0-9a-f-]{36}$/i, "not an id"),
  receivedAt: isoTime,
  requestId: text(100).optional(),
  reference: z
    .string()
    .regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    .optional(),
  enquiry: enquirySchema,
  attempts: z.array(attemptSchema).max(10_000).default([]),
  nextAttemptAt: isoTime.optional(),
  /** Found set on a pending record: a process died during a call (docs/decisions/0016-outbox-faults.md). */
  sendingSince: isoTime.optional(),
  retriedAt: isoTime.optional(),
  deliveredAt: isoTime.optional(),
  failure: z
    .object({
      reason: text(200),
      status: z.number().int().optional(),
      detail: text(1000).optional(),
      fix: text(1000).optional(),
    })
    .optional(),
});

export type Enquiry = EnquiryFields & Omit<z.infer<typeof enquirySchema>, FieldKey>;
export type EnquiryRecord = Omit<z.infer<typeof recordSchema>, "enquiry"> & { enquiry: Enquiry };

/** A day of one-second probe steps would outgrow what a record may hold, and it would be quarantined. */
export const KEPT_ATTEMPTS = 100;

export function keptAttempts(attempts: EnquiryRecord["attempts"]): EnquiryRecord["attempts"] {
  return attempts.length <= KEPT_ATTEMPTS ? attempts : [attempts[0]!, ...attempts.slice(1 - KEPT_ATTEMPTS)];
}

type Parsed = { ok: true; record: EnquiryRecord } | { ok: false; reason: string };

export function checkRecord(json: unknown): Parsed {
  const result = recordSchema.safeParse(json);
  if (result.success) return { ok: true, record: result.data as EnquiryRecord };
  const where = [...new Set(result.error.issues.map((i) => i.path.join(".") || "(top level)"))].slice(0, 5);
  return { ok: false, reason: `incomplete or foreign record: ${where.join(", ")}` };
}

export function fromFirstLayout(json: unknown): unknown {
  const enquiry = (json as { enquiry?: Record<string, unknown> } | null)?.enquiry;
  if (!enquiry || typeof enquiry !== "object" || !("number" in enquiry) || "phone" in enquiry) return json;
  const { number, ...rest } = enquiry;
  return { ...(json as object), enquiry: { ...rest, phone: number } };
}

export const newRecord = (enquiry: Enquiry, receivedAt: string, requestId?: string): EnquiryRecord => ({
  id: randomUUID(),
  receivedAt,
  requestId,
  enquiry,
  attempts: [],
});

/** Two enquiries in the same millisecond get distinct, increasing times. */
export function arrivalClock(now = () => Date.now()) {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return new Date(last).toISOString();
  };
}
