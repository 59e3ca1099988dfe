import { CITY_IDS, DEFAULT_CITY_ID } from "./cities";
import { SERVICES, type Service } from "./services";

/** The enquiry's fields, stated once: the form (browser), the schema (server), the record and its
 * columns (store), the inbox, the export, every channel's message and EmailJS's template
 * variables are derived from this list (docs/architecture.md: "A new enquiry field"). */

/** "other" first (the spec), then one per service line, from the list of services. */
export type Category = "other" | Service["category"];
export const CATEGORIES = ["other", ...SERVICES.map((s) => s.category)] as readonly Category[] as readonly [
  Category,
  ...Category[],
];

/** How an optional detail is checked, by one rule per kind (app/enquiry/schema.server.ts), its
 * messages naming the field by its label: a whole number in a range, one of a list, or a day from
 * today on (the team's time zone), a time of day (HH:MM), or text. A detail left empty is always
 * accepted. */
export type DetailCheck =
  | { kind: "text" }
  | { kind: "integer"; min: number; max: number }
  | { kind: "oneOf"; options: readonly string[] }
  | {
      kind: "day";
      notPast: boolean;
      /** How far ahead a day may be (a typo's year 2062 is refused). */ withinDays?: number;
    }
  | { kind: "time" };

/** The budget ranges the form offers (in euros), as stored and sent; their words are in
 * app/i18n/contact.ts. */
export const BUDGETS = ["under-1000", "1000-3000", "3000-10000", "over-10000"] as const;
export type Budget = (typeof BUDGETS)[number];
/** The cities the form offers are the ones the site already knows (CITY_IDS), Split first: the
 * form starts at it. */
export const DEFAULT_ENQUIRY_CITY = DEFAULT_CITY_ID;

type FieldSpec = {
  /** Its name in the record (`enquiry.phone`), its column in the `enquiries` table, its key in
   * the export and the inbox. */
  key: string;
  /** Its name in the form and the EmailJS template's variable: the spec's names. */
  form: string;
  /** Upper bound, counted as the form's `maxlength` counts (fieldLength). A real enquiry never
   * reaches it; a value over it is refused with the field's message, never cut. */
  max: number;
  /** Whether line breaks are kept (else a value is one line). */
  multiline: boolean;
  /** Required fields are the spec's five; an optional one may be left empty (never stored empty). */
  required: boolean;
  /** An optional field's check (the required ones have rules of their own). */
  check?: DetailCheck;
};

export const ENQUIRY_FIELDS = [
  { key: "name", form: "name", max: 100, multiline: false, required: true },
  { key: "email", form: "email", max: 254, multiline: false, required: true },
  // The spec calls it `number` in the form and the template; it is a phone number everywhere else.
  { key: "phone", form: "number", max: 32, multiline: false, required: true },
  { key: "category", form: "category", max: 40, multiline: false, required: true },
  { key: "message", form: "message", max: 5000, multiline: true, required: true },
  // The details a booking needs (issue 39), all optional: the night, the party, the spend, where.
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
/** A field's name in the form. */
export type EnquiryField = Fields["form"];
/** A field's name in the record and the database. */
export type FieldKey = Fields["key"];
export type RequiredKey = Extract<Fields, { required: true }>["key"];
/** The details whose value is one of a list (check kind "oneOf"): each list's words are in
 * app/i18n/contact.ts (`options`), which the compiler holds to every value of every such list. */
export type ListKey = Extract<Fields, { check: { kind: "oneOf" } }>["key"];
/** The values a list detail may take. */
export type ListValue<K extends ListKey> = Extract<Fields, { key: K }>["check"]["options"][number];
export type OptionalKey = Exclude<FieldKey, RequiredKey>;

/** What the visitor typed, by the form's names (put back into a refused form). */
export type EnquiryValues = Record<EnquiryField, string>;
/** An enquiry's fields by their record names: the required ones always, an optional one only
 * when it was given. */
export type EnquiryFields = Record<RequiredKey, string> & Partial<Record<OptionalKey, string>>;

export const FORM_NAMES = ENQUIRY_FIELDS.map((f) => f.form) as EnquiryField[];
export const FIELD_KEYS = ENQUIRY_FIELDS.map((f) => f.key) as FieldKey[];

export const EMPTY_ENQUIRY = Object.fromEntries(FORM_NAMES.map((name) => [name, ""])) as EnquiryValues;
/** The form as a visitor first sees it: empty, the city at Split (the team's home). */
export const FRESH_ENQUIRY: EnquiryValues = { ...EMPTY_ENQUIRY, city: DEFAULT_ENQUIRY_CITY };

/** A field's length as the form's `maxlength` counts it in the browser (UTF-16 code units:
 * an emoji counts 2), and so as the schema and its messages count it: one rule everywhere. */
export const fieldLength = (value: string) => value.length;

/** Each field's bound, by its form name (the form's `maxlength`, the schema, the messages). */
export const MAX_LENGTH = Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f.form, f.max])) as Record<
  EnquiryField,
  number
>;

/** The fields shown as "details" (every optional one): listed under their labels by the inbox,
 * the export and the channels' messages, without a change there. */
export const DETAIL_FIELDS: readonly (FieldSpec & { key: FieldKey; form: EnquiryField; check?: DetailCheck })[] =
  ENQUIRY_FIELDS.filter((f) => !f.required);

/** A stored enquiry's fields from the form's values (optional ones left out when empty). The
 * city alone at the form's default is the form untouched, not a detail: a visitor who skips the
 * details sends exactly what the five fields say (with any other detail, Split is kept). */
export function fieldsFromValues(values: EnquiryValues): EnquiryFields {
  const fields: Record<string, string> = {};
  for (const f of ENQUIRY_FIELDS) if (f.required || values[f.form] !== "") fields[f.key] = values[f.form];
  const details = DETAIL_FIELDS.filter((f) => fields[f.key] !== undefined);
  if (details.length === 1 && details[0]!.key === "city" && fields.city === DEFAULT_ENQUIRY_CITY) delete fields.city;
  return fields as EnquiryFields;
}

/** Where the form is on the contact page (its section's id). The form posts to the page with it
 * as the fragment, so the browser shows the answer there, with or without JavaScript: the
 * problems of a refused enquiry, or the thanks and the reference of an accepted one. */
export const ENQUIRY_ANCHOR = "enquiry";

/** The honeypot field: hidden from people, filled in by bots; it must be sent and empty. */
export const HONEYPOT_FIELD = "website";

/** The form's signed time (app/utils/form-time.server.ts): the page is rendered (and cached)
 * with the placeholder, and the server writes a fresh time over it in each response
 * (docs/decisions/0030-spam-folder.md). */
export const FORM_TIME_FIELD = "form_time";
export const FORM_TIME_PLACEHOLDER = "unstamped";
