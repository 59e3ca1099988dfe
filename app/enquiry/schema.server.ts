import * as z from "zod";
import {
  CATEGORIES,
  DETAIL_FIELDS,
  ENQUIRY_FIELDS,
  fieldLength,
  fieldsFromValues,
  MAX_LENGTH,
  type EnquiryField,
  type DetailCheck,
  type EnquiryValues,
} from "~/content/enquiry-fields";
import { CONTACT } from "~/i18n/contact";
import { ENQUIRY_ANSWERS, type EnquiryAnswersText } from "~/i18n/enquiry.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import type { Enquiry } from "~/store/record.server";
import { addDays, teamDay } from "~/utils/team-time";

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /[\r\n\t\u2028\u2029]+/g;

const oneLine = (value: string) => value.replace(CONTROL, "").replace(LINE_BREAKS, " ").trim();
const multiLine = (value: string) => value.replace(CONTROL, "").replace(/\r\n?/g, "\n").trim();

/** As the form's `maxlength` counts (zod's `.max` counts code points). */
const within = (field: EnquiryField) => (value: string) => fieldLength(value) <= MAX_LENGTH[field];

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A browser without a date picker sends what was typed: in Croatia 24.12.2026. or 21.30. */
export function normalizeDetail(check: DetailCheck | undefined, value: string): string {
  if (check?.kind === "day") {
    const d = /^(\d{1,2})[./-]\s?(\d{1,2})[./-]\s?(\d{4})\.?$/.exec(value);
    return d ? `${d[3]}-${d[2]!.padStart(2, "0")}-${d[1]!.padStart(2, "0")}` : value;
  }
  if (check?.kind === "time") {
    const t = /^(\d{1,2})(?:[:.h](\d{2}))?\s*h?$/i.exec(value);
    return t ? `${t[1]!.padStart(2, "0")}:${t[2] ?? "00"}` : value;
  }
  return value;
}

export function detailRule(
  field: { max: number; check?: DetailCheck },
  label: string,
  m: EnquiryAnswersText["details"],
  today: () => string = teamDay,
): z.ZodType<string> {
  const text = z.string().refine((v) => fieldLength(v) <= field.max, m.tooLong(label, field.max));
  const check = field.check ?? { kind: "text" };
  const rule = (test: (v: string) => boolean, message: string) => text.refine((v) => v === "" || test(v), message);
  switch (check.kind) {
    case "text":
      return text;
    case "integer":
      return rule(
        (v) => {
          const n = /^\d{1,9}$/.test(v) ? Number(v) : NaN;
          return n >= check.min && n <= check.max;
        },
        m.integer(label, check.min, check.max),
      );
    case "oneOf":
      return rule((v) => check.options.includes(v), m.oneOf(label));
    case "day": {
      const day = rule(
        (v) => isDay(v) && (!check.notPast || v >= today()),
        check.notPast ? m.dayNotPast(label) : m.day(label),
      );
      const { withinDays } = check;
      if (withinDays === undefined) return day;
      return day.refine((v) => v === "" || !isDay(v) || v <= addDays(today(), withinDays), m.dayTooFar(label));
    }
    case "time":
      return rule((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), m.time(label));
  }
}

function enquirySchemaIn(locale: Locale) {
  const m = ENQUIRY_ANSWERS[locale].fields;
  const details = Object.fromEntries(
    DETAIL_FIELDS.map((f) => [f.form, detailRule(f, CONTACT[locale].labels[f.form], ENQUIRY_ANSWERS[locale].details)]),
  ) as Record<Exclude<EnquiryField, RequiredForm>, z.ZodType<string>>;
  return z.object({
    ...details,
    name: z.string().min(1, m.nameMissing).refine(within("name"), m.nameTooLong),
    email: z.string().min(1, m.emailMissing).refine(within("email"), m.emailTooLong).pipe(z.email(m.emailInvalid)),
    number: z
      .string()
      .min(1, m.numberMissing)
      .refine(within("number"), m.numberTooLong)
      .regex(/^\+?[\d\s()./-]+$/, m.numberFormat)
      .refine((v) => v.replace(/\D/g, "").length >= 6, m.numberShort),
    category: z.enum(CATEGORIES, m.categoryMissing),
    message: z.string().min(1, m.messageMissing).refine(within("message"), m.messageTooLong),
  } satisfies Record<EnquiryField, z.ZodType<string | undefined>>);
}

type RequiredForm = Extract<(typeof ENQUIRY_FIELDS)[number], { required: true }>["form"];

const SCHEMAS = Object.fromEntries(LOCALES.map((l) => [l, enquirySchemaIn(l)])) as Record<
  Locale,
  ReturnType<typeof enquirySchemaIn>
>;

export type ParsedEnquiry =
  | { ok: true; enquiry: Enquiry; values: EnquiryValues }
  | {
      ok: false;
      values: EnquiryValues;
      fieldErrors: Partial<Record<EnquiryField, string>>;
      incomplete: boolean;
    };

/** A file upload counts as empty; a field sent twice keeps its first value. */
function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function readEnquiryValues(form: FormData): EnquiryValues {
  const values = {} as EnquiryValues;
  for (const field of ENQUIRY_FIELDS) {
    const raw = textField(form, field.form);
    const clean = field.multiline ? multiLine(raw) : oneLine(raw);
    values[field.form] = "check" in field ? normalizeDetail(field.check, clean) : clean;
  }
  return values;
}

export function parseEnquiry(form: FormData, locale: Locale): ParsedEnquiry {
  const values = readEnquiryValues(form);
  const result = SCHEMAS[locale].safeParse(values);
  if (result.success) return { ok: true, enquiry: { ...fieldsFromValues(values), language: locale }, values };
  const fieldErrors: Partial<Record<EnquiryField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField;
    fieldErrors[field] ??= issue.message;
  }
  const incomplete = ENQUIRY_FIELDS.some((f) => f.required && values[f.form] === "");
  return { ok: false, values, fieldErrors, incomplete };
}
