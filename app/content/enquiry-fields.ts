import { CITY_IDS, DEFAULT_CITY_ID } from "./cities";
import { SERVICES, type Service } from "./services";

// Form, schema, store, inbox and messages derive from this list (docs/architecture.md: "A new enquiry field").

export type Category = "other" | Service["category"];
export const CATEGORIES = ["other", ...SERVICES.map((s) => s.category)] as readonly Category[] as readonly [
  Category,
  ...Category[],
];

/** One rule per kind in app/enquiry/schema.server.ts; days count in the team's time zone; empty is always accepted. */
export type DetailCheck =
  | { kind: "text" }
  | { kind: "integer"; min: number; max: number }
  | { kind: "oneOf"; options: readonly string[] }
  | {
      kind: "day";
      notPast: boolean;
      /** So a typo's year 2062 is refused. */ withinDays?: number;
    }
  | { kind: "time" };

/** In euros. */
export const BUDGETS = ["under-1000", "1000-3000", "3000-10000", "over-10000"] as const;
const DEFAULT_ENQUIRY_CITY = DEFAULT_CITY_ID;

type FieldSpec = {
  key: string;
  form: string;
  /** Counted as `maxlength` counts (fieldLength); a longer value is refused, never cut. */
  max: number;
  multiline: boolean;
  required: boolean;
  check?: DetailCheck;
};

export const ENQUIRY_FIELDS = [
  { key: "name", form: "name", max: 100, multiline: false, required: true },
  { key: "email", form: "email", max: 254, multiline: false, required: true },
  // The spec calls it `number` in the form and the template; it is a phone number everywhere else.
  { key: "phone", form: "number", max: 32, multiline: false, required: true },
  { key: "category", form: "category", max: 40, multiline: false, required: true },
  { key: "message", form: "message", max: 5000, multiline: true, required: true },
  // Booking details (decision 0031), all optional.
  {
    key: "event_date",
    form: "event_date",
    max: 12,
    multiline: false,
    required: false,
    check: { kind: "day", notPast: true, withinDays: 731 },
  },
  { key: "event_time", form: "event_time", max: 5, multiline: false, required: false, check: { kind: "time" } },
  {
    key: "guests",
    form: "guests",
    max: 9,
    multiline: false,
    required: false,
    check: { kind: "integer", min: 1, max: 500 },
  },
  {
    key: "budget",
    form: "budget",
    max: 12,
    multiline: false,
    required: false,
    check: { kind: "oneOf", options: BUDGETS },
  },
  {
    key: "city",
    form: "city",
    max: 12,
    multiline: false,
    required: false,
    check: { kind: "oneOf", options: CITY_IDS },
  },
] as const satisfies readonly FieldSpec[];

type Fields = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryField = Fields["form"];
export type FieldKey = Fields["key"];
type RequiredKey = Extract<Fields, { required: true }>["key"];
export type ListKey = Extract<Fields, { check: { kind: "oneOf" } }>["key"];
export type ListValue<K extends ListKey> = Extract<Fields, { key: K }>["check"]["options"][number];
type OptionalKey = Exclude<FieldKey, RequiredKey>;

export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryFields = Record<RequiredKey, string> & Partial<Record<OptionalKey, string>>;

export const FORM_NAMES = ENQUIRY_FIELDS.map((f) => f.form) as EnquiryField[];
export const FIELD_KEYS = ENQUIRY_FIELDS.map((f) => f.key) as FieldKey[];

export const EMPTY_ENQUIRY = Object.fromEntries(FORM_NAMES.map((name) => [name, ""])) as EnquiryValues;
export const FRESH_ENQUIRY: EnquiryValues = { ...EMPTY_ENQUIRY, city: DEFAULT_ENQUIRY_CITY };

/** UTF-16 code units, as the browser's `maxlength` counts (an emoji is 2): one rule everywhere. */
export const fieldLength = (value: string) => value.length;

export const MAX_LENGTH = Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f.form, f.max])) as Record<
  EnquiryField,
  number
>;

export const DETAIL_FIELDS: readonly (FieldSpec & { key: FieldKey; form: EnquiryField; check?: DetailCheck })[] =
  ENQUIRY_FIELDS.filter((f) => !f.required);

/** The city alone at its default is the form untouched, not a detail (beside another detail, it is kept). */
export function fieldsFromValues(values: EnquiryValues): EnquiryFields {
  const fields: Record<string, string> = {};
  for (const f of ENQUIRY_FIELDS) if (f.required || values[f.form] !== "") fields[f.key] = values[f.form];
  const details = DETAIL_FIELDS.filter((f) => fields[f.key] !== undefined);
  if (details.length === 1 && details[0]!.key === "city" && fields.city === DEFAULT_ENQUIRY_CITY) delete fields.city;
  return fields as EnquiryFields;
}

/** The form posts to this fragment so the browser shows the answer there, with or without JavaScript. */
export const ENQUIRY_ANCHOR = "enquiry";

/** The honeypot field: hidden from people, filled in by bots; it must be sent and empty. */
export const HONEYPOT_FIELD = "website";

/** The cached page carries the placeholder; each response gets a fresh signed time (decision 0030). */
export const FORM_TIME_FIELD = "form_time";
export const FORM_TIME_PLACEHOLDER = "unstamped";
