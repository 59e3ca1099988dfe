import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { staffFrame } from "~/staff/staff.server";
import { StaffFrame } from "~/staff/ui/StaffFrame";
import { staffHandle, staffMeta } from "~/staff/ui/staff-route";

/** The staff area's layout: every page under /staff in its frame (the area's name, navigation,
 * language switch, sign-out), with one error boundary. Its loader guards nothing: each child's
 * loader and action calls requireStaff/requireAllowed itself (Remix runs them without this one). */
export { StaffError as ErrorBoundary } from "~/staff/ui/StaffError";
export const handle = staffHandle;

export const loader = ({ request, context }: LoaderFunctionArgs) => staffFrame(request, context);

/** The title of its error page (each child's page has its own). */
export const meta: MetaFunction = () => staffMeta(undefined);

export default function StaffLayout() {
  const { locale, staff, waiting } = useLoaderData<typeof loader>();
  return (
    <StaffFrame locale={locale} staff={staff} waiting={waiting}>
      <Outlet />
    </StaffFrame>
  );
}
