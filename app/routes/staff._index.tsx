import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { STAFF_PATHS } from "~/staff/paths";
import { waitingCount } from "~/store/inbox.server";
import { requireStaff, staffDatabase } from "~/staff/staff.server";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(request, context);
  return { waiting: await waitingCount(await staffDatabase()) };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].nav.home);

export default function StaffHome() {
  const { locale, staff } = useSignedIn();
  const { waiting } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  return (
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
  );
}
