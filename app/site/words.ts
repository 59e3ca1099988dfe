import * as z from "zod";
import { CITY_IDS, type CityId } from "~/content/cities";
import { SERVICE_SLUGS, type ServiceSlug } from "~/content/services";
import type { Locale } from "~/i18n/locale";

// The document's `words` (decisions 0038, 0040): an absent part means what ships (contact: the environment's).
// Plain text only: markup is refused at the edit and never rendered.

/** Titles get " | Adriatic VIP" (15) and results show about 60; descriptions are cut near 160. */
export const LIMITS = {
  title: 45,
  summary: 160,
  metaDescription: 160,
  intro: 1500,
  closing: 300,
  offer: 120,
  offers: 12,
  tagline: 60,
  about: 1500,
  venue: 60,
  venues: 12,
  socialLabel: 40,
  answer: 300,
  answers: 12,
} as const;

const Bi = z.object({ en: z.string().max(4000), hr: z.string().max(4000) });
export type Bi = z.infer<typeof Bi>;
const BiList = z.object({ en: z.array(z.string().max(400)).max(50), hr: z.array(z.string().max(400)).max(50) });

const ServiceWords = z.object({
  title: Bi,
  summary: Bi,
  metaDescription: Bi,
  intro: Bi,
  offers: BiList,
  closing: Bi,
});
export type ServiceWords = z.infer<typeof ServiceWords>;
/** A service page's fields, in the editor's order. */
export const SERVICE_FIELDS = ServiceWords.keyof().options;

const ContactWords = z.object({
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  whatsapp: z.string().max(40).optional(),
  socialUrl: z.string().max(300).optional(),
  socialLabel: z.string().max(80).optional(),
});
type ContactWords = z.infer<typeof ContactWords>;
export type ContactKey = keyof ContactWords;
export const CONTACT_KEYS = ContactWords.keyof().options;

/** As stored: lenient (bounded) so a document is read whole; the edit schemas below are strict. */
export const Words = z.object({
  cities: z.partialRecord(z.enum(CITY_IDS), z.array(z.string().max(200)).max(50)).optional(),
  services: z.partialRecord(z.enum(SERVICE_SLUGS as [ServiceSlug, ...ServiceSlug[]]), ServiceWords).optional(),
  tagline: Bi.optional(),
  about: Bi.optional(),
  contact: ContactWords.optional(),
  /** The desk's saved answers to start a reply from (not on the public pages). */
  replies: BiList.optional(),
});
export type Words = z.infer<typeof Words>;

export const WORD_PARTS = ["home", "contact", ...SERVICE_SLUGS, "replies"] as const;
export type WordPart = (typeof WORD_PARTS)[number];
export const isWordPart = (v: string): v is WordPart => (WORD_PARTS as readonly string[]).includes(v);

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
/** What a browser would read as markup: a tag, a comment, a processing instruction. */
const MARKUP = /<\s*[a-z!?/]/i;

function cleanText(value: string, lines = false): string {
  const text = value.replace(/\r\n?/g, "\n").replace(CONTROLS, " ");
  if (!lines) return text.replace(/\s+/g, " ").trim();
  return text
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const linesOf = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => cleanText(l))
    .filter(Boolean);

const plain = (max: number, lines = false) =>
  z
    .string()
    .transform((v) => cleanText(v, lines))
    .pipe(
      z
        .string()
        .max(max, "tooLong")
        .refine((v) => !MARKUP.test(v), "markup"),
    );

const list = (max: number, items: number) =>
  z
    .string()
    .transform(linesOf)
    .pipe(
      z
        .array(
          z
            .string()
            .max(max, "tooLong")
            .refine((v) => !MARKUP.test(v), "markup"),
        )
        .max(items, "tooMany"),
    );

/** E.164: "+", a country code, 8 to 15 digits in all. */
const phone = z
  .string()
  .transform((v) => cleanText(v))
  .pipe(
    z
      .string()
      .regex(/^(\+[1-9][\d ()-]{6,24})?$/, "phone")
      .refine((v) => !v || /^\d{8,15}$/.test(v.replace(/\D/g, "")), "phone"),
  );
const email = z
  .string()
  .transform((v) => cleanText(v))
  .pipe(z.union([z.literal(""), z.email("email").max(254, "tooLong")]));
const httpsUrl = z
  .string()
  .transform((v) => cleanText(v))
  .pipe(z.union([z.literal(""), z.url({ protocol: /^https$/, error: "https" }).max(300, "tooLong")]));

const bi = (max: number, lines = false) => ({ en: plain(max, lines), hr: plain(max, lines) });
export const EDIT_SCHEMAS = {
  home: z.object({
    tagline: z.object(bi(LIMITS.tagline)),
    venues: z.object(
      Object.fromEntries(CITY_IDS.map((c) => [c, list(LIMITS.venue, LIMITS.venues)])) as Record<
        CityId,
        ReturnType<typeof list>
      >,
    ),
  }),
  contact: z.object({
    about: z.object(bi(LIMITS.about, true)),
    email,
    phone,
    whatsapp: phone,
    socialUrl: httpsUrl,
    socialLabel: plain(LIMITS.socialLabel),
  }),
  service: z.object({
    title: z.object(bi(LIMITS.title)),
    summary: z.object(bi(LIMITS.summary)),
    metaDescription: z.object(bi(LIMITS.metaDescription)),
    intro: z.object(bi(LIMITS.intro, true)),
    offers: z.object({ en: list(LIMITS.offer, LIMITS.offers), hr: list(LIMITS.offer, LIMITS.offers) }),
    closing: z.object(bi(LIMITS.closing)),
  }),
  replies: z.object({
    answers: z.object({ en: list(LIMITS.answer, LIMITS.answers), hr: list(LIMITS.answer, LIMITS.answers) }),
  }),
};

export type FieldError = {
  field: string;
  code: "tooLong" | "tooMany" | "markup" | "phone" | "email" | "https" | "invalid";
  max?: number;
};

/** Fields named "title.en" nest; a refused field's code is named on the page in the person's language. */
export function parseWords<K extends keyof typeof EDIT_SCHEMAS>(
  kind: K,
  fields: Record<string, string>,
): { ok: true; value: z.output<(typeof EDIT_SCHEMAS)[K]> } | { ok: false; errors: FieldError[] } {
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const [head, tail] = name.split(".") as [string, string | undefined];
    if (tail === undefined) nested[head] = value;
    else nested[head] = { ...((nested[head] as object) ?? {}), [tail]: value };
  }
  const parsed = (EDIT_SCHEMAS[kind] as z.ZodType).safeParse(nested);
  if (parsed.success) return { ok: true, value: parsed.data as z.output<(typeof EDIT_SCHEMAS)[K]> };
  const errors = parsed.error.issues.map((i) => {
    const path = i.path.filter((p) => typeof p === "string").join(".");
    const code = (["tooLong", "tooMany", "markup", "phone", "email", "https"] as const).find((c) => c === i.message);
    const max = "maximum" in i ? Number(i.maximum) : undefined;
    return { field: path, code: code ?? ("invalid" as const), ...(max ? { max } : {}) };
  });
  return { ok: false, errors: errors.filter((e, n) => errors.findIndex((o) => o.field === e.field) === n) };
}

/** A text missing in a language refuses a publish; contact details have no language (empty: the environment's). */
export type WordsProblem = { kind: "words"; part: WordPart; field: string; locale: Locale };

export function wordsProblems(words: Words | undefined): WordsProblem[] {
  const found: WordsProblem[] = [];
  const check = (part: WordPart, field: string, value: Bi | { en: string[]; hr: string[] } | undefined) => {
    if (!value) return;
    for (const locale of ["en", "hr"] as const) {
      const v = value[locale];
      const other = value[locale === "en" ? "hr" : "en"];
      const missing = Array.isArray(v) ? v.length === 0 || v.length < (other as string[]).length : !v.trim();
      if (missing) found.push({ kind: "words", part, field, locale });
    }
  };
  check("home", "tagline", words?.tagline);
  check("contact", "about", words?.about);
  check("replies", "answers", words?.replies);
  for (const slug of SERVICE_SLUGS) {
    const s = words?.services?.[slug];
    if (!s) continue;
    for (const field of SERVICE_FIELDS) check(slug, field, s[field]);
  }
  return found;
}
