import { Link } from "@remix-run/react";
import { INBOX } from "~/i18n/inbox";
import type { Locale } from "~/i18n/locale";
import { STAFF_PATHS } from "../paths";

export type InboxView = "all" | "needsReply" | "upcoming";

const VIEWS: readonly [InboxView, string][] = [
  ["all", STAFF_PATHS.inbox],
  ["needsReply", STAFF_PATHS.needsReply],
  ["upcoming", STAFF_PATHS.upcoming],
];

/** Each view an address: links, no JavaScript needed. */
export function InboxViews({ locale, current, waiting }: { locale: Locale; current: InboxView; waiting: number }) {
  const t = INBOX[locale];
  return (
    <nav aria-label={t.views.label} className="inbox-views">
      <ul>
        {VIEWS.map(([view, to]) => (
          <li key={view}>
            <Link to={to} aria-current={view === current ? "page" : undefined}>
              {t.views[view]}
              {view === "needsReply" ? <span className="inbox-count">{`(${waiting})`}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
