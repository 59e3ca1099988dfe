import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { BRAND } from "~/content/site";
import type { Locale } from "~/i18n/locale";
import { ALERTS } from "~/i18n/alerts";
import { SITE } from "~/i18n/site";
import { STAFF } from "~/i18n/staff";
import { may } from "~/utils/permissions";
import { STAFF_PATHS } from "../paths";

type Props = {
  locale: Locale;
  staff?: { email: string; role: "owner" | "staff"; siteEditor: boolean };
  waiting?: number;
  children: ReactNode;
};

/** The language switch and sign-out are forms, so they work without JavaScript. */
export function StaffFrame({ locale, staff, waiting, children }: Props) {
  const t = STAFF[locale];
  const { pathname, search } = useLocation();
  const links = staff
    ? [
        { to: STAFF_PATHS.home, label: t.nav.home },
        { to: STAFF_PATHS.inbox, label: t.nav.inbox },
        ...(may(staff, "editSite") ? [{ to: STAFF_PATHS.site, label: SITE[locale].nav }] : []),
        { to: STAFF_PATHS.alerts, label: ALERTS[locale].nav },
        { to: STAFF_PATHS.account, label: t.nav.account },
        ...(may(staff, "managePeople") ? [{ to: STAFF_PATHS.people, label: t.nav.people }] : []),
        ...(may(staff, "readAudit") ? [{ to: STAFF_PATHS.audit, label: t.nav.audit }] : []),
      ]
    : [];
  return (
    <div className="staff">
      <a href="#staff-main" className="staff-skip">
        {t.skipLink}
      </a>
      <header className="staff-header">
        <p className="staff-brand">
          {BRAND} <span>· {t.area}</span>
        </p>
        {staff ? (
          <nav aria-label={t.nav.label} className="staff-nav">
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={
                      pathname === link.to || (link.to !== STAFF_PATHS.home && pathname.startsWith(`${link.to}/`))
                        ? "page"
                        : undefined
                    }
                  >
                    {link.label}
                  </Link>
                  {link.to === STAFF_PATHS.inbox && waiting ? (
                    <Link to={STAFF_PATHS.needsReply} className="staff-badge" data-waiting={waiting}>
                      <span aria-hidden="true">{waiting >= 1_000 ? "999+" : waiting}</span>
                      <span className="staff-visually-hidden">
                        {t.nav.waiting(waiting >= 1_000 ? "999+" : String(waiting))}
                      </span>
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="staff-tools">
          <Form method="post" action={STAFF_PATHS.language} reloadDocument>
            <input type="hidden" name="to" value={t.language.otherCode} />
            <input type="hidden" name="back" value={pathname + search} />
            <button type="submit" className="staff-link-button" lang={t.language.otherCode}>
              {t.language.other}
            </button>
          </Form>
          {staff ? (
            <Form method="post" action={STAFF_PATHS.signOut} reloadDocument>
              <button type="submit" className="staff-link-button" name="scope" value="this">
                {t.nav.signOut}
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      <main id="staff-main" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}
