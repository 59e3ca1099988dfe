// The staff audit log: who did what, when, from where; never a visitor's data.
import { log } from "~/utils/log.server";
import { whole, type TableRow } from "./schema.server";
import { isoTime, jsonValue, type Sql } from "./sql.server";

type AuditEvent =
  | "sign-in"
  | "sign-out"
  | "sign-out-everywhere"
  | "session-refused"
  | "invitation"
  | "invitation-refused"
  | "passkey-added"
  | "passkey-removed"
  | "person-removed"
  | "rate-limited"
  | "export"
  | "erasure"
  | "retention"
  | "spam"
  | "push-device-added"
  | "push-device-removed"
  | "push-device-refused"
  | "push-device-tested"
  | "push-device-renewed"
  // The Site section (decision 0038).
  | "site-publish"
  | "site-grant"
  | "site-refused"
  | "booking"
  | "reply"
  | "calendar-feed";

export type AuditEntry = {
  event: AuditEvent;
  outcome: "ok" | "refused";
  actor?: { id: string; email: string };
  /** Never a visitor's data. */
  subject?: string;
  address?: string;
  userAgent?: string;
  /** Nothing personal. */
  detail?: Record<string, string | number | boolean>;
};

type AuditRow = AuditEntry & { id: number; at: string };

export function staffAuditOf(sql: Sql) {
  return {
    /** The server's log line carries nothing personal. */
    async audit(entry: AuditEntry): Promise<void> {
      log(entry.outcome === "ok" ? "info" : "warn", `staff.${entry.event}`, {
        outcome: entry.outcome,
        ...(entry.detail?.reason !== undefined ? { reason: entry.detail.reason } : {}),
      });
      await sql.run(
        `INSERT INTO staff_audit (at, event, outcome, actor_id, actor_email, subject, address, user_agent, detail)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          new Date().toISOString(),
          entry.event,
          entry.outcome,
          entry.actor?.id ?? null,
          entry.actor?.email ?? null,
          entry.subject?.slice(0, 320) ?? null,
          entry.address?.slice(0, 100) ?? null,
          entry.userAgent?.slice(0, 300) ?? null,
          entry.detail ? JSON.stringify(entry.detail) : null,
        ],
      );
    },

    async auditEntries({ before, limit = 50 }: { before?: number; limit?: number } = {}) {
      const rows = await sql.all<TableRow<"staff_audit">>(
        `SELECT id, at, event, outcome, actor_id, actor_email, subject, address, user_agent, detail FROM staff_audit
          ${before ? "WHERE id < $2" : ""} ORDER BY id DESC LIMIT $1`,
        before ? [limit + 1, before] : [limit + 1],
      );
      const entries: AuditRow[] = rows.slice(0, limit).map((row) => ({
        id: whole(row.id),
        at: isoTime(row.at) ?? "",
        event: row.event as AuditEvent,
        outcome: row.outcome as AuditEntry["outcome"],
        actor: row.actor_id ? { id: row.actor_id, email: row.actor_email ?? "" } : undefined,
        subject: row.subject ?? undefined,
        address: row.address ?? undefined,
        userAgent: row.user_agent ?? undefined,
        detail: row.detail === null ? undefined : (jsonValue(row.detail) as AuditEntry["detail"]),
      }));
      return { entries, more: rows.length > limit ? entries.at(-1)!.id : undefined };
    },

    purgeAudit: (days: number) =>
      sql.run("DELETE FROM staff_audit WHERE at < $1", [new Date(Date.now() - days * 86_400_000).toISOString()]),
  };
}
