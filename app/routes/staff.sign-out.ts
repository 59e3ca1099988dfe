import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { stopPreview } from "~/site/preview.server";
import { STAFF_PATHS } from "~/staff/paths";
import { endAllSessions, endCookie, endSession } from "~/staff/session.server";
import { requestMeta, requireStaff, sessionRules, staffStore } from "~/staff/staff.server";
import { staffForm } from "~/staff/form.server";

/** Sign out: this session, or (scope=everywhere) every session of this person on every device; the previews they
 * started end with them. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(request, context);
  const form = await staffForm(request);
  const everywhere = form.get("scope") === "everywhere";
  const sql = await context.wiring.store.staffTables();
  const tables = staffStore(context);
  const devicesRemoved = everywhere ? (await endAllSessions(tables, staff.id)).devices : 0;
  if (!everywhere) await endSession(tables, staff.session);
  await tables.audit({
    event: everywhere ? "sign-out-everywhere" : "sign-out",
    outcome: "ok",
    actor: staff,
    ...(devicesRemoved ? { detail: { devicesRemoved } } : {}),
    ...requestMeta(request, context),
  });
  // The session's previews went with it (their rows name it); this browser's preview cookie goes too.
  const headers = new Headers({ "Set-Cookie": endCookie(sessionRules) });
  headers.append("Set-Cookie", await stopPreview(sql, request));
  return redirect(`${STAFF_PATHS.signIn}?signed-out=1`, { status: 303, headers });
}

export const loader = () => redirect(STAFF_PATHS.home, 303);
