import { prepared } from "./parts.server";
import type { Sql } from "./sql.server";
import { staffAuditOf } from "./staff-audit.server";
import { staffPeopleOf } from "./staff-people.server";

/** The staff area's tables: members, invitations, sessions, challenges, passkeys, the audit log. */
export const staffPartOf = (sql: Sql, prepare: () => Promise<void>) =>
  prepared({ ...staffPeopleOf(sql), ...staffAuditOf(sql) }, prepare);

export type StaffPart = ReturnType<typeof staffPartOf>;
