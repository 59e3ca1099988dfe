import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { auditEntries } from "~/staff/audit.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requireOwner, staffDatabase } from "~/staff/staff.server";
import { env } from "~/utils/env.server";
import { staffTime, staffTitle, useStaffFrame } from "~/staff/ui/staff-route";

/** Owners only: the audit log, newest first, 50 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOwner(request, context);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const sql = await staffDatabase();
  const page = await auditEntries(sql, { before: Number.isSafeInteger(before) && before > 0 ? before : undefined });
  return {
    days: env.STAFF_AUDIT_RETENTION_DAYS,
    ...page,
  };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].audit.title);

export default function StaffAudit() {
  const { locale } = useStaffFrame();
  const { days, entries, more } = useLoaderData<typeof loader>();
  const t = STAFF[locale];
  return (
    <section className="staff-card">
      <h1>{t.audit.title}</h1>
      <p className="staff-hint">{t.audit.lead(days)}</p>
      {entries.length === 0 ? (
        <p>{t.audit.empty}</p>
      ) : (
        // A region the keyboard can scroll sideways on a phone.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label={t.audit.title}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t.audit.when}</th>
                <th scope="col">{t.audit.event}</th>
                <th scope="col">{t.audit.outcome}</th>
                <th scope="col">{t.audit.who}</th>
                <th scope="col">{t.audit.subject}</th>
                <th scope="col">{t.audit.from}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{staffTime(entry.at, locale)}</td>
                  <td>
                    {entry.event}
                    {entry.detail ? (
                      <small>
                        {" "}
                        {Object.entries(entry.detail)
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join(", ")}
                      </small>
                    ) : null}
                  </td>
                  <td>{entry.outcome}</td>
                  <td>{entry.actor?.email ?? ""}</td>
                  <td>{entry.subject ?? ""}</td>
                  <td>
                    {entry.address ?? ""}
                    {entry.userAgent ? <small> {entry.userAgent}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        <p>
          <Link to={`${STAFF_PATHS.audit}?before=${more}`}>{t.audit.older}</Link>
        </p>
      ) : null}
    </section>
  );
}
