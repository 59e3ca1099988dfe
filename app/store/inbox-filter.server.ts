import * as z from "zod";
import { CATEGORIES } from "~/content/enquiry-fields";
import { LOCALES } from "~/i18n/locale";

import { DELIVERY_STATES, FOLLOW_UPS } from "./inbox-states";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/** A source's channel or campaign as the counter writes them (app/utils/visit-classify.ts); anything else is no filter. */
const sourceKey = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[\p{L}\p{N}._~+-]+$/u);

const filterSchema = z.object({
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  followUp: z.enum(FOLLOW_UPS).optional().catch(undefined),
  delivery: z.enum(DELIVERY_STATES).optional().catch(undefined),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  language: z.enum(LOCALES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  view: z.enum(["spam"]).optional().catch(undefined),
  source: sourceKey.optional().catch(undefined),
  campaign: sourceKey.optional().catch(undefined),
});

export type InboxFilter = z.infer<typeof filterSchema>;

const KEYS = ["q", "followUp", "delivery", "category", "language", "from", "to", "view", "source", "campaign"] as const;

export function parseInboxFilter(search: URLSearchParams): InboxFilter {
  const raw = Object.fromEntries(KEYS.map((k) => [k, search.get(k) || undefined]));
  return filterSchema.parse(raw);
}

export function filterQuery(filter: InboxFilter, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filter[key]) params.set(key, filter[key]!);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
