import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { STAFF } from "~/i18n/staff";
import { STAFF_PATHS } from "../paths";
import { STAFF_LAYOUT, type StaffFrameData } from "./staff-route";

/** The staff layout's own, so the public error page and its texts never enter the staff pages, nor these the public
 * ones. English when the frame's loader did not answer. */
export function StaffError() {
  const error = useRouteError();
  const locale = useRouteLoaderData<StaffFrameData>(STAFF_LAYOUT)?.locale ?? "en";
  const t = STAFF[locale];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="staff-main">
      <section className="staff-card staff-narrow">
        <h1>{t.errors.title}</h1>
        <p>
          {status === 403
            ? t.errors.forbidden
            : status === 404
              ? t.errors.notFound
              : status === 400 || status === 413 || status === 415
                ? t.errors.unreadable
                : t.unavailable}
        </p>
        <p>
          <a href={STAFF_PATHS.home}>{t.errors.back}</a>
        </p>
      </section>
    </main>
  );
}
