import { z } from "zod";
import {
  CATEGORIES,
  HONEYPOT_FIELD,
  ENQUIRY_FIELDS,
  MAX_LENGTH,
  type EnquiryField,
  type EnquiryValues,
} from "./fields";

/** Control characters other than tab and line breaks never belong in an enquiry. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /[\r\n\t\u2028\u2029]+/g;

const oneLine = (value: string) => value.replace(CONTROL, "").replace(LINE_BREAKS, " ").trim();
const multiLine = (value: string) => value.replace(CONTROL, "").replace(/\r\n?/g, "\n").trim();

const tooLong = (field: EnquiryField, what: string) =>
  `Please keep ${what} under ${MAX_LENGTH[field].toLocaleString("en")} characters.`;

/** The one schema for an enquiry, whatever client sent it. */
export const enquirySchema = z.object({
  name: z.string().min(1, "Please enter your name.").max(MAX_LENGTH.name, tooLong("name", "your name")),
  email: z
    .string()
    .min(1, "Please enter your e-mail address.")
    .max(MAX_LENGTH.email, tooLong("email", "the e-mail address"))
    .pipe(z.email("Please enter a valid e-mail address, such as name@example.com.")),
  number: z
    .string()
    .min(1, "Please enter your phone number.")
    .max(MAX_LENGTH.number, tooLong("number", "the phone number"))
    .regex(/^\+?[\d\s()./-]+$/, "Please enter a phone number using digits, such as +385 91 234 5678.")
    .refine((v) => v.replace(/\D/g, "").length >= 6, "Please enter the whole phone number, with its area code."),
  category: z.enum(CATEGORIES, "Please choose a category."),
  message: z.string().min(1, "Please write your message.").max(MAX_LENGTH.message, tooLong("message", "the message")),
});

export type Enquiry = z.infer<typeof enquirySchema>;

export type ParsedEnquiry =
  | { ok: true; enquiry: Enquiry; values: EnquiryValues }
  | {
      ok: false;
      /** What the visitor typed, cleaned, to put back into the form. */
      values: EnquiryValues;
      fieldErrors: Partial<Record<EnquiryField, string>>;
      /** True when a required field is empty (the spec's warning), false for other problems. */
      incomplete: boolean;
    };

/** First value of a field as text; a file upload or a missing field counts as empty. A field
 * sent twice keeps its first value. */
function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function readEnquiryValues(form: FormData): EnquiryValues {
  const values = {} as EnquiryValues;
  for (const field of ENQUIRY_FIELDS) {
    const raw = textField(form, field).slice(0, MAX_LENGTH[field] * 2);
    values[field] = field === "message" ? multiLine(raw) : oneLine(raw);
  }
  return values;
}

export function parseEnquiry(form: FormData): ParsedEnquiry {
  const values = readEnquiryValues(form);
  const result = enquirySchema.safeParse(values);
  if (result.success) return { ok: true, enquiry: result.data, values };
  const fieldErrors: Partial<Record<EnquiryField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField;
    fieldErrors[field] ??= issue.message;
  }
  const incomplete = ENQUIRY_FIELDS.some((f) => values[f] === "");
  return { ok: false, values, fieldErrors, incomplete };
}

/** The honeypot field must be sent, and empty: a bot fills it in or leaves it out. */
export function honeypotState(form: FormData): "empty" | "filled" | "missing" {
  const trap = form.get(HONEYPOT_FIELD);
  return trap === "" ? "empty" : trap === null ? "missing" : "filled";
}
