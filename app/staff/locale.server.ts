import { LOCALES, type Locale } from "~/i18n/locale";
import { STAFF_PATHS } from "./paths";

/** One prefix for every language: the person's choice (this cookie), else their browser's first preference. */
const LANGUAGE_COOKIE = "staff-lang";

export function staffLocale(request: Request): Locale {
  const cookie = request.headers.get("cookie") ?? "";
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(\\w+)`).exec(cookie)?.[1];
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  const first = request.headers.get("accept-language")?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("hr") || first.startsWith("bs") || first.startsWith("sr") ? "hr" : "en";
}

export const languageCookie = (locale: Locale, secure: boolean) =>
  `${LANGUAGE_COOKIE}=${locale}; Path=${STAFF_PATHS.home}; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
