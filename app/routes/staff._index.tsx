import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { STAFF_PATHS } from "~/staff/paths";
import { waitingCount } from "~/store/inbox.server";
import { staffDatabase, staffPage } from "~/staff/staff.server";
import { StaffFrame } from "~/staff/ui/StaffFrame";
import { staffHandle, staffMeta } from "~/staff/ui/staff-route";

export { StaffError as ErrorBoundary } from "~/staff/ui/StaffError";
export const handle = staffHandle();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff, locale } = staffPage(request, context);
  return {
    locale,
    staff: { email: staff.email, role: staff.role },
    waiting: await waitingCount(await staffDatabase()),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => staffMeta(data && STAFF[data.locale].nav.home);

export default function StaffHome() {
  const { locale, staff, waiting } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  return (
    <StaffFrame locale={locale} staff={staff}>
      <section className="staff-card">
        <h1>{t.home.title(staff.email)}</h1>
        <p>{t.home.lead}</p>
        <p className="staff-notice">{t.home.waiting(waiting)}</p>
        <p>
          <Link to={STAFF_PATHS.inbox} className="staff-button">
            {t.home.open}
          </Link>
        </p>
        <ul className="staff-links">
          <li>
            <Link to={STAFF_PATHS.account}>{t.nav.account}</Link>
          </li>
          {staff.role === "owner" ? (
            <>
              <li>
                <Link to={STAFF_PATHS.people}>{t.nav.people}</Link>
              </li>
              <li>
                <Link to={STAFF_PATHS.audit}>{t.nav.audit}</Link>
              </li>
            </>
          ) : null}
        </ul>
        {staff.role === "owner" ? <p className="staff-hint">{t.home.owner}</p> : null}
      </section>
    </StaffFrame>
  );
}
