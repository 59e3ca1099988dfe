import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { edits, publishProblems, readDocument, type SiteDocument } from "~/site/document";
import { changeDraft, lastChanges, listVersions, publishDraft, restoreVersion, siteState } from "~/store/site.server";
import {
  claimPhoto,
  failPhoto,
  finishPhoto,
  insertPhotos,
  markRemoved,
  PART_BYTES,
  mediaFile,
  photosByIds,
  purgePhotos,
  siteSummary,
} from "~/store/site-photos.server";
import type { Sql } from "~/store/sql.server";

export function siteContract(name: string, open: () => Promise<Sql>) {
  const now = () => new Date().toISOString();
  const add = (sql: Sql, ids: string[]) =>
    changeDraft(sql, "owner@example.com", (raw) => ({ draft: edits.add(readDocument(raw), "vip", ids), result: 0 }));
  const ready = async (sql: Sql, id: string, key = id.slice(0, 8)) => {
    const claimed = await claimPhoto(sql, now(), now());
    expect(claimed?.id).toBe(id);
    await finishPhoto(
      sql,
      id,
      { mediaKey: key, width: 800, height: 600, color: "#102030", widths: [400, 800], fallbackWidth: 800 },
      [{ name: `${key}-400.webp`, contentType: "image/webp", body: Buffer.from([1, 2, 3, 255, 0]) }],
    );
  };
  const problemsOf = async (raw: unknown, tx: Parameters<Parameters<typeof publishDraft>[3]>[1]) => {
    const doc = readDocument(raw);
    const status = new Map(
      (
        await photosByIds(
          tx,
          Object.values(doc.galleries)
            .flat()
            .map((e) => e!.photo),
        )
      ).map((p) => [p.id, p.status]),
    );
    return publishProblems(doc, (id) => status.get(id));
  };

  it(`${name}: an upload is queued, claimed once, processed into bytes any reader gets back whole`, async () => {
    const sql = await open();
    const id = randomUUID();
    await insertPhotos(sql, [
      { id, gallery: "vip", by: "owner@example.com", fileName: "a.jpg", source: Buffer.from("x") },
    ]);
    await ready(sql, id);
    expect(await claimPhoto(sql, now(), now())).toBeUndefined();
    expect(await mediaFile(sql, `${id.slice(0, 8)}-400.webp`)).toEqual({
      contentType: "image/webp",
      body: Buffer.from([1, 2, 3, 255, 0]),
    });
    const [row] = await photosByIds(sql, [id]);
    expect(row).toMatchObject({ status: "ready", width: 800, height: 600, widths: [400, 800] });
  });

  it(`${name}: a source of several parts comes back whole to the one who claims it; done or failed, no part is left`, async () => {
    const sql = await open();
    const parts = async (id: string) =>
      Number(
        (
          await sql.all<{ n: number | string }>("SELECT count(*) AS n FROM site_photo_parts WHERE photo_id = $1", [id])
        )[0]!.n,
      );
    const source = Buffer.from(Array.from({ length: 2 * PART_BYTES + 12_345 }, (_, i) => (i * 7919) % 256));
    const [done, failed] = [randomUUID(), randomUUID()];
    await insertPhotos(sql, [
      { id: done, gallery: "vip", by: "o", fileName: "big.jpg", source },
      { id: failed, gallery: "vip", by: "o", fileName: "bad.jpg", source: source.subarray(0, 10) },
    ]);
    expect(await parts(done)).toBe(3);
    // Both queued at the same time: taken in the order of their ids (none is stale yet).
    const claimed = new Map<string, Buffer>();
    const never = new Date(0).toISOString();
    for (const c of [await claimPhoto(sql, now(), never), await claimPhoto(sql, now(), never)])
      claimed.set(c!.id, c!.source);
    expect(claimed.get(done)!.equals(source)).toBe(true);
    expect(claimed.get(failed)).toEqual(source.subarray(0, 10));
    await finishPhoto(
      sql,
      done,
      { mediaKey: "k", width: 8, height: 6, color: "#000000", widths: [8], fallbackWidth: 8 },
      [{ name: `k-8.webp`, contentType: "image/webp", body: Buffer.from([1]) }],
    );
    expect(await parts(done)).toBe(0);
    expect(await parts(failed)).toBe(1);
    await failPhoto(sql, failed, "undecodable");
    expect(await parts(failed)).toBe(0);
    const statuses = new Map((await photosByIds(sql, [done, failed])).map((p) => [p.id, p.status]));
    expect([statuses.get(done), statuses.get(failed)]).toEqual(["ready", "failed"]);
  });

  it(`${name}: the purge removes the parts a crash left a day ago, not those of an upload arriving now`, async () => {
    const sql = await open();
    const [old, arriving] = [randomUUID(), randomUUID()];
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString();
    for (const [id, at] of [
      [old, yesterday],
      [arriving, now()],
    ] as const)
      await sql.run("INSERT INTO site_photo_parts (photo_id, part, bytes, created_at) VALUES ($1, 0, $2, $3)", [
        id,
        Buffer.from("x"),
        at,
      ]);
    await purgePhotos(sql, {
      removedBefore: now(),
      failedBefore: new Date(Date.now() - 86_400_000).toISOString(),
      keep: new Set(),
    });
    const left = await sql.all<{ photo_id: string }>("SELECT photo_id FROM site_photo_parts");
    expect(left.map((r) => String(r.photo_id))).toEqual([arriving]);
  });

  it(`${name}: publish needs both alt texts and processed photos; a stale revision is refused`, async () => {
    const sql = await open();
    const id = randomUUID();
    await insertPhotos(sql, [{ id, gallery: "vip", by: "o", fileName: "a.jpg", source: Buffer.from("x") }]);
    const added = await add(sql, [id]);
    expect(added.ok).toBe(true);
    const revision = (await siteState(sql)).revision;
    const refused = await publishDraft(sql, "o", revision, problemsOf);
    expect(refused).toMatchObject({ ok: false, reason: "problems" });
    expect((refused as { problems: { kind: string }[] }).problems.map((p) => p.kind).sort()).toEqual([
      "alt",
      "alt",
      "processing",
    ]);
    await ready(sql, id);
    await changeDraft(sql, "o", (raw) => ({
      draft: edits.setAlt(readDocument(raw), "vip", id, { en: "A table", hr: "Stol" }),
      result: 0,
    }));
    expect(await publishDraft(sql, "o", revision, problemsOf)).toMatchObject({ ok: false, reason: "stale" });
    const current = (await siteState(sql)).revision;
    expect(await publishDraft(sql, "o", current, problemsOf)).toMatchObject({ ok: true, version: 1 });
    expect((await siteState(sql)).version).toBe(1);
  });

  it(`${name}: two owners publishing the same draft at once: one wins whole, the other is told`, async () => {
    const sql = await open();
    await changeDraft(sql, "o", (raw) => ({ draft: edits.reset(readDocument(raw), "home"), result: 0 }));
    await changeDraft(sql, "o", () => ({ draft: { galleries: { home: [] } } satisfies SiteDocument, result: 0 }));
    const revision = (await siteState(sql)).revision;
    const both = await Promise.all([
      publishDraft(sql, "a", revision, problemsOf),
      publishDraft(sql, "b", revision, problemsOf),
    ]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "stale", revision: revision + 1 }]);
    expect(await listVersions(sql)).toHaveLength(1);
  });

  it(`${name}: an earlier version is published again as a new one, and becomes the draft`, async () => {
    const sql = await open();
    const publishAs = async (doc: SiteDocument) => {
      await changeDraft(sql, "o", () => ({ draft: doc, result: 0 }));
      return publishDraft(sql, "o", (await siteState(sql)).revision, async () => []);
    };
    await publishAs({ galleries: { home: [] } });
    await publishAs({ galleries: {} });
    const restored = await restoreVersion(sql, "o", 1);
    expect(restored).toMatchObject({ ok: true, version: 3 });
    expect(readDocument((await siteState(sql)).draft)).toEqual({ galleries: { home: [] } });
    expect((await listVersions(sql))[0]).toMatchObject({ version: 3, restoredFrom: 1 });
    const changes = await lastChanges(sql, (a, b) => (JSON.stringify(a) === JSON.stringify(b) ? [] : ["home"]));
    expect(changes.has("home")).toBe(true);
  });

  it(`${name}: the purge keeps what the draft or the published site shows and what is restorable`, async () => {
    const sql = await open();
    const [kept, old, failed] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [kept, old, failed]) {
      await insertPhotos(sql, [{ id, gallery: "vip", by: "o", fileName: "a.jpg", source: Buffer.from("x") }]);
      if (id === failed) await failPhoto(sql, failed, "undecodable");
      else await ready(sql, id);
    }
    await markRemoved(sql, kept, { en: "a", hr: "b" });
    await markRemoved(sql, old, { en: "a", hr: "b" });
    const later = new Date(Date.now() + 60_000).toISOString();
    const purged = await purgePhotos(sql, { removedBefore: later, failedBefore: later, keep: new Set([kept]) });
    expect(purged).toBe(2);
    expect((await photosByIds(sql, [kept, old, failed])).map((p) => p.id)).toEqual([kept]);
    expect(await mediaFile(sql, `${old.slice(0, 8)}-400.webp`)).toBeUndefined();
    expect(await mediaFile(sql, `${kept.slice(0, 8)}-400.webp`)).toBeDefined();
    const summary = await siteSummary(sql, [kept, randomUUID()]);
    expect(summary).toMatchObject({ photos: { ready: 1 }, files: 1, bytes: 5 });
    expect(summary.problems).toHaveLength(1);
  });
}
