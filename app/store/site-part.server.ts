import { databaseOf } from "./open-store.server";
import { prepared } from "./parts.server";
import { createPostgres } from "./postgres.server";
import {
  claimPhoto,
  photoWaiting,
  createPreview,
  endPreview,
  failPhoto,
  finishPhoto,
  insertPhotos,
  markRemoved,
  markRestored,
  mediaFile,
  photosByIds,
  previewHolder,
  purgePhotos,
  publishedSummary,
  removedPhotos,
  type Encoded,
  type NewPhoto,
  type PhotoRow,
} from "./site-photos.server";
import { keepOutcome, outcomeFor, type StoredOutcome } from "./site-upload-outcomes.server";
import {
  changeDraft,
  lastChanges,
  listVersions,
  publishDraft,
  publishedVersion,
  restoreVersion,
  siteState,
  versionDocument,
} from "./site.server";
import type { Sql } from "./sql.server";
import { createSqlite } from "./sqlite.server";

type Made = Parameters<typeof finishPhoto>[2];

/** The Site section's tables: draft and versions (each change one transaction), photos, previews, upload outcomes. */
export const sitePartOf = (sql: Sql, prepare: () => Promise<void>) =>
  prepared(
    {
      state: () => siteState(sql),
      publishedVersion: () => publishedVersion(sql),
      versionDocument: (version: number) => versionDocument(sql, version),
      listVersions: (limit?: number) => listVersions(sql, limit),
      lastChanges: (changed: (older: unknown, newer: unknown) => string[]) => lastChanges(sql, changed),
      changeDraft: <T>(
        by: string,
        change: (draft: unknown) => { draft: unknown; result: T } | undefined,
        revision?: number,
      ) => changeDraft(sql, by, change, revision),
      /** `problems` reads the photos inside the publish's transaction. */
      publishDraft: (
        by: string,
        revision: number,
        problems: (draft: unknown, photos: (ids: readonly string[]) => Promise<PhotoRow[]>) => Promise<unknown[]>,
      ) => publishDraft(sql, by, revision, (draft, tx) => problems(draft, (ids) => photosByIds(tx, ids))),
      restoreVersion: (by: string, from: number) => restoreVersion(sql, by, from),

      insertPhotos: (photos: readonly NewPhoto[]) => insertPhotos(sql, photos),
      photoWaiting: () => photoWaiting(sql),
      claimPhoto: (now: string, staleBefore: string) => claimPhoto(sql, now, staleBefore),
      finishPhoto: (id: string, made: Made, files: readonly Encoded[]) => finishPhoto(sql, id, made, files),
      failPhoto: (id: string, failure: string) => failPhoto(sql, id, failure),
      photosByIds: (ids: readonly string[]) => photosByIds(sql, ids),
      removedPhotos: (gallery: string, since: string) => removedPhotos(sql, gallery, since),
      markRemoved: (id: string, lastAlt: unknown) => markRemoved(sql, id, lastAlt),
      markRestored: (id: string) => markRestored(sql, id),
      mediaFile: (name: string) => mediaFile(sql, name),
      /** The published site's photos and encodings, and what is missing of them. */
      summary: () => publishedSummary(sql),
      purgePhotos: (older: Parameters<typeof purgePhotos>[1]) => purgePhotos(sql, older),

      createPreview: (tokenHash: string, sessionHash: string, expiresAt: string) =>
        createPreview(sql, tokenHash, sessionHash, expiresAt),
      previewHolder: (tokenHash: string, live: { now: string; idleSince: string }) =>
        previewHolder(sql, tokenHash, live),
      endPreview: (tokenHash: string) => endPreview(sql, tokenHash),

      keepOutcome: (memberId: string, outcome: StoredOutcome, now?: Date, id?: string) =>
        keepOutcome(sql, memberId, outcome, now, id),
      outcomeFor: (id: string, memberId: string, now?: Date) => outcomeFor(sql, id, memberId, now),
    },
    prepare,
  );

export type SitePart = ReturnType<typeof sitePartOf>;

/** The photo child's own connection (two at most); the server migrated the database before it started the child. */
export function openSitePart(databaseUrl: string | undefined, poolMax: number) {
  const database = databaseOf(databaseUrl);
  const sql: Sql =
    database.dialect === "sqlite"
      ? createSqlite(database.file)
      : createPostgres(database.url, { poolMax: Math.min(2, poolMax) });
  return { site: sitePartOf(sql, async () => {}), close: () => sql.close() };
}
