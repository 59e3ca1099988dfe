import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { STAFF_PATHS } from "~/staff/paths";
import { requireAllowed, staffStore } from "~/staff/staff.server";
import { env } from "~/utils/env.server";
import { staffTime, staffTitle, useStaffFrame } from "~/staff/ui/staff-route";

/** Owners only: the audit log, newest first, 50 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAllowed(request, context, "readAudit");
  const before = Number(new URL(request.url).searchParams.get("before"));
  const tables = staffStore(context);
  const page = await tables.auditEntries({ before: Number.isSafeInteger(before) && before > 0 ? before : undefined });
  return {
    days: env.STAFF_AUDIT_RETENTION_DAYS,
    ...page,
  };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].audit.title);

const columns = ["when", "event", "outcome", "who", "subject", "from"] as const;

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
        // A table on a wider screen; on a phone each entry is a card, a line per column, each line
        // named (public/staff.css). The roles are stated because CSS that lays a table's parts out
        // as blocks makes some browsers forget them.
        /* eslint-disable jsx-a11y/no-interactive-element-to-noninteractive-role -- td is "gridcell" to the rule */
        <div className="staff-table-wrap">
          <table className="staff-table audit-table" role="table">
            <thead>
              <tr role="row">
                {columns.map((c) => (
                  <th key={c} scope="col" role="columnheader">
                    {t.audit[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} role="row">
                  <td role="cell" data-label={t.audit.when}>
                    {staffTime(entry.at, locale)}
                  </td>
                  <td role="cell" data-label={t.audit.event}>
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
                  <td role="cell" data-label={t.audit.outcome}>
                    {entry.outcome}
                  </td>
                  <td role="cell" data-label={t.audit.who} data-empty={entry.actor ? undefined : ""}>
                    {entry.actor?.email ?? ""}
                  </td>
                  <td role="cell" data-label={t.audit.subject} data-empty={entry.subject ? undefined : ""}>
                    {entry.subject ?? ""}
                  </td>
                  <td
                    role="cell"
                    data-label={t.audit.from}
                    data-empty={entry.address || entry.userAgent ? undefined : ""}
                  >
                    {entry.address ?? ""}
                    {entry.userAgent ? <small> {entry.userAgent}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        /* eslint-enable jsx-a11y/no-interactive-element-to-noninteractive-role */
      )}
      {more ? (
        <p>
          <Link to={`${STAFF_PATHS.audit}?before=${more}`}>{t.audit.older}</Link>
        </p>
      ) : null}
    </section>
  );
}
