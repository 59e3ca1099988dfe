import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { staffLocale } from "~/staff/locale.server";
import { openInvitation } from "~/staff/members.server";
import { STAFF_PATHS } from "~/staff/paths";
import { auditRefusal, requestMeta, staffDatabase } from "~/staff/staff.server";
import { PasskeyButton } from "~/staff/ui/PasskeyButton";
import { StaffFrame } from "~/staff/ui/StaffFrame";
import { staffHandle, staffMeta } from "~/staff/ui/staff-route";

export { StaffError as ErrorBoundary } from "~/staff/ui/StaffError";
export const handle = staffHandle(true);

/** An invitation link: the person makes their first passkey here (a link used, expired or
 * unknown gets a 4xx page that says which, and what to do). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = staffLocale(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const sql = await staffDatabase();
  const invitation = await openInvitation(sql, token);
  if (!invitation.ok) {
    await auditRefusal(
      sql,
      {
        event: "invitation-refused",
        outcome: "refused",
        ...requestMeta(request, context),
        detail: { reason: invitation.reason },
      },
      context.staff,
    );
    return data(
      { locale, problem: invitation.reason, email: "", token: "" },
      { status: invitation.reason === "unknown" ? 404 : 410 },
    );
  }
  return { locale, problem: undefined, email: invitation.member.email, token };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => staffMeta(data && STAFF[data.locale].invitation.title);

export default function StaffInvitation() {
  const { locale, problem, email, token } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  return (
    <StaffFrame locale={locale}>
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
    </StaffFrame>
  );
}
