import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { safeNext } from "~/staff/paths";
import { PasskeyButton } from "~/staff/ui/PasskeyButton";
import { hydrateHandle, staffTitle, useStaffFrame } from "~/staff/ui/staff-route";

export const handle = hydrateHandle;

export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  // Already signed in: straight on.
  if (context.staff) throw redirect(next, 303);
  return {
    next,
    notice: url.searchParams.has("ended") ? "ended" : url.searchParams.has("signed-out") ? "signedOut" : undefined,
  } as const;
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].signIn.title);

export default function StaffSignIn() {
  const { locale } = useStaffFrame();
  const { next, notice } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  // No e-mail to type: the passkeys are discoverable, and the server's options are the same for
  // everyone (decision 0021), so the browser's prompt lists this site's passkeys itself.
  return (
    <section className="staff-card staff-narrow">
      <h1>{t.signIn.title}</h1>
      {notice ? <p className="staff-notice">{t.signIn[notice]}</p> : null}
      <p>{t.signIn.lead}</p>
      <PasskeyButton locale={locale} kind="sign-in" label={t.signIn.button} fields={() => ({ next })} />
      <p className="staff-hint">{t.signIn.otherDevice}</p>
      <p className="staff-hint">{t.signIn.noAccount}</p>
    </section>
  );
}
