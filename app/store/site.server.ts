import type { TableRow } from "./schema.server";
import { isoTime, jsonValue, type Queryable, type Sql } from "./sql.server";

/** Decision 0038: documents move whole; the site room (app/site/document.ts) reads them. */

export type SiteState = {
  version: number;
  publishedAt?: string;
  draft: unknown;
  revision: number;
  draftChangedAt?: string;
  draftChangedBy?: string;
};

type StateRow = Omit<TableRow<"site_state">, "id">;

async function stateRow(q: Queryable, sql: Pick<Sql, "dialect">, lock: boolean): Promise<SiteState> {
  const [row] = await q.all<StateRow>(
    `SELECT version, published_at, draft, draft_revision, draft_changed_at, draft_changed_by FROM site_state WHERE id = 1${
      lock && sql.dialect === "postgres" ? " FOR UPDATE" : ""
    }`,
  );
  if (!row) throw new Error("site_state has no row: the database's schema is not this version's");
  return {
    version: Number(row.version),
    publishedAt: isoTime(row.published_at),
    draft: jsonValue(row.draft),
    revision: Number(row.draft_revision),
    draftChangedAt: isoTime(row.draft_changed_at),
    draftChangedBy: row.draft_changed_by ?? undefined,
  };
}

export const siteState = (sql: Sql) => stateRow(sql, sql, false);

export async function publishedVersion(sql: Queryable): Promise<{ version: number; publishedAt?: string }> {
  const [row] = await sql.all<Pick<TableRow<"site_state">, "version" | "published_at">>(
    "SELECT version, published_at FROM site_state WHERE id = 1",
  );
  return { version: Number(row?.version ?? 0), publishedAt: isoTime(row?.published_at) };
}

export async function changeDraft<T>(
  sql: Sql,
  by: string,
  change: (draft: unknown) => { draft: unknown; result: T } | undefined,
  revision?: number,
): Promise<{ ok: true; revision: number; result?: T } | { ok: false; reason: "stale"; revision: number }> {
  return sql.transaction(async (tx) => {
    const state = await stateRow(tx, sql, true);
    if (revision !== undefined && revision !== state.revision)
      return { ok: false as const, reason: "stale" as const, revision: state.revision };
    const changed = change(state.draft);
    if (!changed) return { ok: true as const, revision: state.revision };
    const next = state.revision + 1;
    await tx.run(
      "UPDATE site_state SET draft = $1, draft_revision = $2, draft_changed_at = $3, draft_changed_by = $4 WHERE id = 1",
      [JSON.stringify(changed.draft), next, new Date().toISOString(), by],
    );
    return { ok: true as const, revision: next, result: changed.result };
  });
}

export type PublishOutcome =
  | { ok: true; version: number; previous: unknown; document: unknown }
  | { ok: false; reason: "stale"; revision: number }
  | { ok: false; reason: "problems"; problems: unknown[] };

/** Two owners publishing at once: the first wins whole, the second is told the draft changed. */
export async function publishDraft(
  sql: Sql,
  by: string,
  revision: number,
  problems: (draft: unknown, tx: Queryable) => Promise<unknown[]>,
): Promise<PublishOutcome> {
  return sql.transaction(async (tx) => {
    const state = await stateRow(tx, sql, true);
    if (state.revision !== revision) return { ok: false as const, reason: "stale" as const, revision: state.revision };
    const found = await problems(state.draft, tx);
    if (found.length) return { ok: false as const, reason: "problems" as const, problems: found };
    const previous = await versionDocument(tx, state.version);
    const version = await newVersion(tx, state.version, by, state.draft);
    await tx.run("UPDATE site_state SET draft_revision = draft_revision + 1 WHERE id = 1");
    return { ok: true as const, version, previous, document: state.draft };
  });
}

export async function restoreVersion(
  sql: Sql,
  by: string,
  from: number,
): Promise<{ ok: true; version: number; previous: unknown; document: unknown } | { ok: false }> {
  return sql.transaction(async (tx) => {
    const state = await stateRow(tx, sql, true);
    const document = await versionDocument(tx, from);
    if (document === undefined) return { ok: false as const };
    const previous = await versionDocument(tx, state.version);
    const version = await newVersion(tx, state.version, by, document, from);
    await tx.run(
      "UPDATE site_state SET draft = $1, draft_revision = draft_revision + 1, draft_changed_at = $2, draft_changed_by = $3 WHERE id = 1",
      [JSON.stringify(document), new Date().toISOString(), by],
    );
    return { ok: true as const, version, previous, document };
  });
}

async function newVersion(tx: Queryable, current: number, by: string, document: unknown, restoredFrom?: number) {
  const version = current + 1;
  const at = new Date().toISOString();
  await tx.run(
    "INSERT INTO site_versions (version, published_at, published_by, document, restored_from) VALUES ($1, $2, $3, $4, $5)",
    [version, at, by, JSON.stringify(document), restoredFrom ?? null],
  );
  await tx.run("UPDATE site_state SET version = $1, published_at = $2 WHERE id = 1", [version, at]);
  return version;
}

export async function versionDocument(q: Queryable, version: number): Promise<unknown> {
  if (version === 0) return {};
  const [row] = await q.all<Pick<TableRow<"site_versions">, "document">>(
    "SELECT document FROM site_versions WHERE version = $1",
    [version],
  );
  return row ? jsonValue(row.document) : undefined;
}

export type VersionSummary = { version: number; publishedAt: string; publishedBy: string; restoredFrom?: number };

export async function listVersions(q: Queryable, limit = 20): Promise<VersionSummary[]> {
  const rows = await q.all<Omit<TableRow<"site_versions">, "document">>(
    "SELECT version, published_at, published_by, restored_from FROM site_versions ORDER BY version DESC LIMIT $1",
    [limit],
  );
  return rows.map((r) => ({
    version: Number(r.version),
    publishedAt: isoTime(r.published_at) ?? "",
    publishedBy: r.published_by,
    restoredFrom: r.restored_from === null ? undefined : Number(r.restored_from),
  }));
}

export async function lastChanges(
  q: Queryable,
  changed: (older: unknown, newer: unknown) => string[],
  limit = 50,
): Promise<Map<string, string>> {
  const rows = await q.all<Pick<TableRow<"site_versions">, "version" | "published_at" | "document">>(
    "SELECT version, published_at, document FROM site_versions ORDER BY version DESC LIMIT $1",
    [limit + 1],
  );
  const found = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const newer = rows[i]!;
    const older = rows[i + 1] ? jsonValue(rows[i + 1]!.document) : {};
    for (const part of changed(older, jsonValue(newer.document)))
      if (!found.has(part)) found.set(part, isoTime(newer.published_at) ?? "");
  }
  return found;
}
