import { flag, type TableRow } from "./schema.server";
import { siteState, versionDocument } from "./site.server";
import { isoTime, jsonValue, type Queryable, type Sql } from "./sql.server";

type PhotoStatus = "queued" | "processing" | "ready" | "failed";

export type PhotoRow = {
  id: string;
  gallery: string;
  status: PhotoStatus;
  createdAt: string;
  createdBy: string;
  fileName: string;
  failure?: string;
  mediaKey?: string;
  width?: number;
  height?: number;
  color?: string;
  widths?: number[];
  fallbackWidth?: number;
  removedAt?: string;
  lastAlt?: unknown;
};

const COLUMNS =
  "id, gallery, status, created_at, created_by, file_name, failure, media_key, width, height, color, widths, fallback_width, removed_at, last_alt";

type Raw = Omit<TableRow<"site_photos">, "source" | "claimed_at">;
const num = (v: number | null) => (v === null ? undefined : Number(v));
function photoOf(r: Raw): PhotoRow {
  return {
    id: r.id,
    gallery: r.gallery,
    status: r.status as PhotoStatus,
    createdAt: isoTime(r.created_at) ?? "",
    createdBy: r.created_by,
    fileName: r.file_name,
    failure: r.failure ?? undefined,
    mediaKey: r.media_key ?? undefined,
    width: num(r.width),
    height: num(r.height),
    color: r.color ?? undefined,
    widths: r.widths === null ? undefined : (jsonValue(r.widths) as number[]),
    fallbackWidth: num(r.fallback_width),
    removedAt: isoTime(r.removed_at),
    lastAlt: r.last_alt === null ? undefined : jsonValue(r.last_alt),
  };
}

export type NewPhoto = { id: string; gallery: string; by: string; fileName: string; source: Buffer };

/** Each part a transaction of its own (docs/decisions/0043-photo-work-off-the-event-loop.md): another connection's
 * write waits for one part at most, never for a whole 30 MB source. */
export const PART_BYTES = 1024 * 1024;

/** On SQLite, as long again as the last part took with the lock free: another connection's waiting write (which sleeps
 * between tries) gets its turn instead of finding the lock taken each time. */
async function inTurn<T>(sql: Queryable & { dialect?: string }, write: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await write();
  if (sql.dialect === "sqlite")
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, performance.now() - started)));
  return result;
}

/** The parts first, then the rows in one transaction: a photo is never claimed before its source is whole. */
export async function insertPhotos(sql: Sql, photos: readonly NewPhoto[]): Promise<void> {
  const at = new Date().toISOString();
  for (const p of photos)
    for (let part = 0; part * PART_BYTES < p.source.length; part++)
      await inTurn(sql, () =>
        sql.run("INSERT INTO site_photo_parts (photo_id, part, bytes, created_at) VALUES ($1, $2, $3, $4)", [
          p.id,
          part,
          p.source.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
          at,
        ]),
      );
  await sql.transaction(async (tx) => {
    for (const p of photos)
      await tx.run(
        `INSERT INTO site_photos (id, gallery, status, created_at, created_by, file_name)
           VALUES ($1, $2, 'queued', $3, $4, $5)`,
        [p.id, p.gallery, at, p.by, p.fileName.slice(0, 200)],
      );
  });
}

/** Whether any photo is queued or being processed (by this or another replica, or left by a stopped one): the server
 * starts its media child only then (site_photos_status). */
export async function photoWaiting(sql: Sql): Promise<boolean> {
  const rows = await sql.all<{ one: number }>(
    "SELECT 1 AS one FROM site_photos WHERE status IN ('queued', 'processing') LIMIT 1",
  );
  return rows.length > 0;
}

/** Claimed in the database, so two replicas never process the same one. A row of an earlier version holds its source
 * itself. A claimed photo without a source is handed on empty: it fails as undecodable rather than stay claimed. */
export async function claimPhoto(
  sql: Sql,
  now: string,
  staleBefore: string,
): Promise<{ id: string; source: Buffer } | undefined> {
  const skip = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const [row] = await sql.all<Pick<TableRow<"site_photos">, "id">>(
    `UPDATE site_photos SET status = 'processing', claimed_at = $1
      WHERE id = (SELECT id FROM site_photos
                   WHERE status = 'queued' OR (status = 'processing' AND claimed_at < $2)
                   ORDER BY created_at, id LIMIT 1${skip})
      RETURNING id`,
    [now, staleBefore],
  );
  if (!row) return undefined;
  const id = row.id;
  const parts = await sql.all<Pick<TableRow<"site_photo_parts">, "bytes">>(
    "SELECT bytes FROM site_photo_parts WHERE photo_id = $1 ORDER BY part",
    [id],
  );
  if (parts.length) return { id, source: Buffer.concat(parts.map((p) => p.bytes)) };
  const [inline] = await sql.all<Pick<TableRow<"site_photos">, "source">>(
    "SELECT source FROM site_photos WHERE id = $1",
    [id],
  );
  return { id, source: inline?.source ? Buffer.from(inline.source) : Buffer.alloc(0) };
}

async function dropParts(sql: Sql, id: string): Promise<void> {
  const parts = await sql.all<Pick<TableRow<"site_photo_parts">, "part">>(
    "SELECT part FROM site_photo_parts WHERE photo_id = $1",
    [id],
  );
  for (const { part } of parts)
    await inTurn(sql, () => sql.run("DELETE FROM site_photo_parts WHERE photo_id = $1 AND part = $2", [id, part]));
}

export type Encoded = { name: string; contentType: string; body: Buffer };

/** The key first, so the hourly purge keeps the encodings as they arrive; each encoding its own transaction; the
 * source's parts removed once the photo is ready. */
export async function finishPhoto(
  sql: Sql,
  id: string,
  made: { mediaKey: string; width: number; height: number; color: string; widths: number[]; fallbackWidth: number },
  files: readonly Encoded[],
): Promise<void> {
  await sql.run("UPDATE site_photos SET media_key = $2 WHERE id = $1", [id, made.mediaKey]);
  for (const f of files)
    await inTurn(sql, () =>
      sql.run(
        `INSERT INTO site_media (name, media_key, content_type, body, size) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (name) DO NOTHING`,
        [f.name, made.mediaKey, f.contentType, f.body, f.body.length],
      ),
    );
  await sql.run(
    `UPDATE site_photos SET status = 'ready', source = NULL, failure = NULL, media_key = $2, width = $3, height = $4,
            color = $5, widths = $6, fallback_width = $7 WHERE id = $1`,
    [id, made.mediaKey, made.width, made.height, made.color, JSON.stringify(made.widths), made.fallbackWidth],
  );
  await dropParts(sql, id);
}

export async function failPhoto(sql: Sql, id: string, failure: string): Promise<void> {
  await sql.run("UPDATE site_photos SET status = 'failed', source = NULL, failure = $2 WHERE id = $1", [id, failure]);
  await dropParts(sql, id);
}

export async function photosByIds(sql: Queryable, ids: readonly string[]): Promise<PhotoRow[]> {
  if (!ids.length) return [];
  const rows: Raw[] = [];
  // In slices: SQLite's and PostgreSQL's limits on values per statement differ.
  for (let i = 0; i < ids.length; i += 200) {
    const slice = ids.slice(i, i + 200);
    rows.push(
      ...(await sql.all<Raw>(
        `SELECT ${COLUMNS} FROM site_photos WHERE id IN (${slice.map((_, n) => `$${n + 1}`).join(", ")})`,
        slice,
      )),
    );
  }
  return rows.map(photoOf);
}

export async function removedPhotos(sql: Queryable, gallery: string, since: string): Promise<PhotoRow[]> {
  const rows = await sql.all<Raw>(
    `SELECT ${COLUMNS} FROM site_photos WHERE gallery = $1 AND removed_at IS NOT NULL AND removed_at >= $2 AND status = 'ready'
      ORDER BY removed_at DESC LIMIT 100`,
    [gallery, since],
  );
  return rows.map(photoOf);
}

export async function markRemoved(sql: Queryable, id: string, lastAlt: unknown): Promise<void> {
  await sql.run("UPDATE site_photos SET removed_at = $2, last_alt = $3 WHERE id = $1", [
    id,
    new Date().toISOString(),
    JSON.stringify(lastAlt),
  ]);
}
export async function markRestored(sql: Queryable, id: string): Promise<void> {
  await sql.run("UPDATE site_photos SET removed_at = NULL WHERE id = $1", [id]);
}

export async function mediaFile(
  sql: Queryable,
  name: string,
): Promise<{ contentType: string; body: Buffer } | undefined> {
  const [row] = await sql.all<Pick<TableRow<"site_media">, "content_type" | "body">>(
    "SELECT content_type, body FROM site_media WHERE name = $1",
    [name],
  );
  return row ? { contentType: row.content_type, body: Buffer.from(row.body) } : undefined;
}

export async function purgePhotos(
  sql: Sql,
  { removedBefore, failedBefore, keep }: { removedBefore: string; failedBefore: string; keep: ReadonlySet<string> },
): Promise<number> {
  return sql.transaction(async (tx) => {
    const old = await tx.all<Pick<TableRow<"site_photos">, "id">>(
      "SELECT id FROM site_photos WHERE (removed_at IS NOT NULL AND removed_at < $1) OR (status = 'failed' AND created_at < $2)",
      [removedBefore, failedBefore],
    );
    let purged = 0;
    for (const { id } of old) if (!keep.has(id)) purged += await tx.run("DELETE FROM site_photos WHERE id = $1", [id]);
    await tx.run(
      "DELETE FROM site_media WHERE NOT EXISTS (SELECT 1 FROM site_photos p WHERE p.media_key = site_media.media_key)",
    );
    // Parts a crash left: of a photo done or gone, or of an upload that never got its row (a day is far past any).
    await tx.run(
      `DELETE FROM site_photo_parts WHERE photo_id NOT IN
         (SELECT id FROM site_photos WHERE status IN ('queued', 'processing')) AND created_at < $1`,
      [failedBefore],
    );
    await tx.run("DELETE FROM site_previews WHERE expires_at < $1", [new Date().toISOString()]);
    return purged;
  });
}

function photoIdsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(photoIdsIn);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => (key === "photo" && typeof v === "string" ? [v] : photoIdsIn(v)));
}

export type SiteSummary = {
  version: number;
  photos: Record<string, number>;
  files: number;
  bytes: number;
  problems: string[];
};

/** The published site's photos and encodings, and what is missing of them (the outbox command's check and site). */
export async function publishedSummary(sql: Sql): Promise<SiteSummary> {
  const state = await siteState(sql);
  const published = [...new Set(photoIdsIn(await versionDocument(sql, state.version)))];
  return { version: state.version, ...(await siteSummary(sql, published)) };
}

export async function siteSummary(sql: Queryable, published: readonly string[]): Promise<Omit<SiteSummary, "version">> {
  const photos: Record<string, number> = {};
  for (const r of await sql.all<Pick<TableRow<"site_photos">, "status"> & { n: number | string }>(
    "SELECT status, count(*) AS n FROM site_photos GROUP BY status",
  ))
    photos[r.status] = Number(r.n);
  const [media] = await sql.all<{ n: number | string; bytes: number | string | null }>(
    "SELECT count(*) AS n, sum(size) AS bytes FROM site_media",
  );
  const problems: string[] = [];
  const short = await sql.all<Pick<TableRow<"site_photos">, "id">>(
    `SELECT p.id FROM site_photos p WHERE p.status = 'ready'
        AND (SELECT count(*) FROM site_media m WHERE m.media_key = p.media_key) = 0`,
  );
  for (const r of short) problems.push(`photo ${r.id} is ready but has no encodings`);
  const found = new Set((await photosByIds(sql, published)).filter((p) => p.status === "ready").map((p) => p.id));
  for (const id of published)
    if (!found.has(id)) problems.push(`the published site shows photo ${id}, which is missing`);
  return { photos, files: Number(media?.n ?? 0), bytes: Number(media?.bytes ?? 0), problems };
}

/** Tied to the staff session that asked (migration 17): the session's end deletes it. */
export async function createPreview(sql: Queryable, tokenHash: string, sessionHash: string, expiresAt: string) {
  await sql.run("INSERT INTO site_previews (token_hash, session_hash, expires_at) VALUES ($1, $2, $3)", [
    tokenHash,
    sessionHash,
    expiresAt,
  ]);
}
/** The person behind a live preview whose session is live too; whether they may edit the site is the caller's rule. */
export async function previewHolder(
  sql: Queryable,
  tokenHash: string,
  { now, idleSince }: { now: string; idleSince: string },
): Promise<{ role: string; siteEditor: boolean } | undefined> {
  const [row] = await sql.all<Pick<TableRow<"staff_members">, "role" | "site_editor">>(
    `SELECT m.role, m.site_editor FROM site_previews p
       JOIN staff_sessions s ON s.id_hash = p.session_hash
       JOIN staff_members m ON m.id = s.member_id
      WHERE p.token_hash = $1 AND p.expires_at > $2 AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [tokenHash, now, idleSince],
  );
  return row && { role: row.role, siteEditor: flag(row.site_editor) };
}
export const endPreview = (sql: Queryable, tokenHash: string) =>
  sql.run("DELETE FROM site_previews WHERE token_hash = $1", [tokenHash]);

export const siteLine = (s: { version: number; photos: Record<string, number>; files: number; bytes: number }) =>
  `version ${s.version} published, ${Object.values(s.photos).reduce((a, b) => a + b, 0)} photo(s) (${
    Object.entries(s.photos)
      .map(([state, n]) => `${n} ${state}`)
      .join(", ") || "none"
  }), ${s.files} encoding(s), ${(s.bytes / 1024 / 1024).toFixed(1)} MB`;
