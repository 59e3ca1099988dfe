import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { openInvitation } from "~/staff/members.server";
import { STAFF_PATHS } from "~/staff/paths";
import { auditRefusal, requestMeta, staffStore } from "~/staff/staff.server";
import { PasskeyButton } from "~/staff/ui/PasskeyButton";
import { hydrateHandle, staffTitle, useStaffFrame } from "~/staff/ui/staff-route";

export const handle = hydrateHandle;

/** An invitation link: the person makes their first passkey here (a link used, expired or
 * unknown gets a 4xx page that says which, and what to do). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const tables = staffStore(context);
  const invitation = await openInvitation(tables, token);
  if (!invitation.ok) {
    await auditRefusal(
      tables,
      {
        event: "invitation-refused",
        outcome: "refused",
        ...requestMeta(request, context),
        detail: { reason: invitation.reason },
      },
      context.staff,
    );
    return data(
      { problem: invitation.reason, email: "", token: "" },
      { status: invitation.reason === "unknown" ? 404 : 410 },
    );
  }
  return { problem: undefined, email: invitation.member.email, token };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].invitation.title);

export default function StaffInvitation() {
  const { locale } = useStaffFrame();
  const { problem, email, token } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  return (
    <section className="staff-card staff-narrow">
      <h1>{t.invitation.title}</h1>
      {problem ? (
        <>
          <p className="staff-notice">{t.invitation[problem]}</p>
          <p>
            <Link to={STAFF_PATHS.signIn}>{t.invitation.toSignIn}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t.invitation.lead(email)}</p>
          <p className="staff-hint">{t.invitation.hint}</p>
          <PasskeyButton locale={locale} kind="register" label={t.invitation.button} fields={() => ({ token })} />
        </>
      )}
    </section>
  );
}
