import { chmodSync, existsSync } from "node:fs";
import type { Core } from "./core.server";
import { schemaVersion } from "./migrate.server";
import { LATEST_VERSION } from "./migrations";
import { freeReference } from "./reference.server";
import { insertDeliveries, insertEnquiries } from "./rows.server";
import { isoTime } from "./sql.server";
import type { OperatorCommands, Delivery, Quarantined } from "./store.server";
import { publishedSummary } from "./site-photos.server";

export function operatorCommandsOf({ sql, changed, prepare, readRecords }: Core): OperatorCommands {
  return {
    async scan(state) {
      await prepare();
      const rows = await readRecords("WHERE d.state = $1 ORDER BY d.received_at, d.enquiry_id, d.channel", [state]);
      const deliveries: Delivery[] = [];
      const unreadable: Quarantined[] = [];
      for (const { row, read } of rows) {
        if (read.ok) deliveries.push(read.record);
        else
          unreadable.push({
            ref: `row ${row.id}`,
            from: state,
            reason: read.reason,
            at: isoTime(row.received_at) ?? "",
          });
      }
      return { deliveries, unreadable };
    },

    async find(idPrefix) {
      const wanted = idPrefix.toLowerCase();
      if (!/^[0-9a-f-]{1,36}$/.test(wanted)) return [];
      await prepare();
      const rows = await readRecords(
        `WHERE d.state <> 'quarantined' AND substr(CAST(e.id AS text), 1, $2) = $1
          ORDER BY d.received_at, d.enquiry_id, d.channel`,
        [wanted, wanted.length],
      );
      return rows.flatMap(({ read }) => (read.ok ? [read.record] : []));
    },

    async retry(record) {
      const retried: Delivery = {
        ...record,
        nextAttemptAt: undefined,
        failure: undefined,
        retriedAt: new Date().toISOString(),
        state: "pending",
      };
      changed();
      await sql.run(
        `UPDATE deliveries SET state = 'pending', due_at = received_at, failure = NULL, retried_at = $3, changed_at = $3
          WHERE enquiry_id = $1 AND channel = $2 AND state IN ('pending', 'failed')`,
        [record.id, record.channel, retried.retriedAt],
      );
      return retried;
    },

    async quarantined() {
      await prepare();
      const rows = await sql.all<{ id: string; from: string | null; reason: string | null; at: unknown }>(
        `SELECT enquiry_id AS id, quarantined_from AS "from", quarantine_reason AS reason, changed_at AS at
           FROM deliveries WHERE state = 'quarantined' ORDER BY changed_at`,
      );
      const imported = await sql.all<{ ref: string; from_state: string; reason: string; at: unknown }>(
        "SELECT ref, from_state, reason, at FROM quarantine ORDER BY at",
      );
      return [
        ...rows.map((r) => ({
          ref: `row ${r.id}`,
          from: r.from ?? "?",
          reason: r.reason ?? "unknown",
          at: isoTime(r.at) ?? "",
        })),
        ...imported.map((r) => ({ ref: r.ref, from: r.from_state, reason: r.reason, at: isoTime(r.at) ?? "" })),
      ];
    },

    async dismiss(ref) {
      await prepare();
      changed();
      const row = /^row ([0-9a-f-]{36})$/i.exec(ref);
      if (!row) return (await sql.run("DELETE FROM quarantine WHERE ref = $1", [ref])) === 1;
      return (
        (await sql.run(
          `DELETE FROM enquiries WHERE id = $1
             AND EXISTS (SELECT 1 FROM deliveries WHERE enquiry_id = $1 AND state = 'quarantined')
             AND NOT EXISTS (SELECT 1 FROM deliveries WHERE enquiry_id = $1 AND state <> 'quarantined')`,
          [row[1]!.toLowerCase()],
        )) === 1
      );
    },

    async insertExisting(record) {
      await prepare();
      changed();
      return sql.transaction(async (tx) => {
        const [present] = await tx.all("SELECT 1 AS present FROM enquiries WHERE id = $1", [record.id]);
        if (present) return false;
        await insertEnquiries(tx, [
          { record: { ...record, reference: record.reference ?? (await freeReference(tx)) } },
        ]);
        await insertDeliveries(tx, [record]);
        return true;
      });
    },

    async insertQuarantined(entry) {
      await prepare();
      changed();
      const count = await sql.run(
        "INSERT INTO quarantine (ref, from_state, reason, at, content) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ref) DO NOTHING",
        [entry.ref, entry.from, entry.reason, entry.at, entry.content],
      );
      return count === 1;
    },

    async backup(file) {
      if (sql.dialect === "postgres")
        throw new Error(
          "PostgreSQL is backed up with its own tools (pg_dump, or the provider's snapshots): docs/deploy.md",
        );
      await prepare();
      if (existsSync(file)) throw new Error(`${file} exists already: give a new file name (nothing was overwritten)`);
      await sql.database().backup(file);
      chmodSync(file, 0o600); // visitors' personal data, as the database itself
    },

    async check() {
      await prepare();
      const problems: string[] = [];
      const version = await schemaVersion(sql);
      if (version !== LATEST_VERSION)
        problems.push(`schema at version ${version}, this version expects ${LATEST_VERSION}`);
      if (sql.dialect === "sqlite") {
        const rows = await sql.all<{ integrity_check: string }>("PRAGMA integrity_check");
        for (const row of rows) if (row.integrity_check !== "ok") problems.push(row.integrity_check);
        const keys = await sql.all("PRAGMA foreign_key_check");
        if (keys.length) problems.push(`${keys.length} row(s) whose enquiry is missing`);
      }
      const site = version === LATEST_VERSION ? await publishedSummary(sql) : undefined;
      if (site) problems.push(...site.problems);
      return { version, problems, site };
    },
  };
}
