import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { LOCALES, type Locale } from "~/i18n/locale";
import { languageCookie } from "~/staff/locale.server";
import { safeNext, STAFF_PATHS } from "~/staff/paths";
import { sessionRules } from "~/staff/staff.server";
import { staffForm } from "~/staff/form.server";

/** The staff language switch: remembers the choice and goes back to the staff page it was on. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await staffForm(request);
  const to = String(form.get("to") ?? "");
  const back = String(form.get("back") ?? "");
  // The page it was on, open ones (sign-in, an invitation) included: the one redirect rule.
  const target = safeNext(back, { open: true });
  if (!(LOCALES as readonly string[]).includes(to)) return redirect(target, 303);
  return redirect(target, {
    status: 303,
    headers: { "Set-Cookie": languageCookie(to as Locale, sessionRules.secure) },
  });
}

export const loader = () => redirect(STAFF_PATHS.home, 303);
