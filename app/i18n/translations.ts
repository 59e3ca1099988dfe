import type { Locale } from "./locale";

/**
 * Every text a visitor reads lives in a dictionary module under app/i18n, one per part of the
 * site (layout, home, services, contact, privacy, the enquiry's answers), each holding all
 * languages side by side. The English object is the shape: each other language is declared
 * with its type, so a missing or extra key fails `npm run typecheck`. Parts are separate
 * modules so that a page's JavaScript carries only the texts of what it runs (decision 0015).
 */
export type Translations<T> = Readonly<Record<Locale, T>>;

/** Croatian (and English) plural forms: 1 minuta → "one", 2 minute → "few", 5 minuta → "other". */
export function plural(locale: Locale, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) {
  const rule = new Intl.PluralRules(locale).select(count);
  return forms[rule] ?? forms.other ?? "";
}
