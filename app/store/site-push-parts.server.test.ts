// store.site and store.push as their users hold them: a never-prepared store migrates first, one key pair for every
// replica, a publish's check reads the photos through the part. SQLite, and PostgreSQL on a throwaway cluster.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postgresForTests, sharedPgCluster, type PgCluster } from "../../tests/support/pg-cluster";
import { openStore } from "./open-store.server";

type Open = () => { url: string };

function partsContract(open: Open) {
  const stores: ReturnType<typeof openStore>[] = [];
  const storeAt = (url: string) => {
    const store = openStore({ DATABASE_URL: url, DATABASE_POOL_MAX: 2 });
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it("a store never prepared: the parts' first calls migrate; the keys are one pair for two replicas", async () => {
    const { url } = open();
    const [store, replica] = [storeAt(url), storeAt(url)];
    expect(await store.site.state()).toMatchObject({ version: 0, revision: expect.any(Number) });
    expect(await store.site.summary()).toEqual({ version: 0, photos: {}, files: 0, bytes: 0, problems: [] });
    expect(await store.push.deviceCounts(new Date().toISOString())).toEqual({ devices: 0, stale: 0 });
    const [keys, same] = await Promise.all([store.push.keys(), replica.push.keys()]);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(same).toEqual(keys);
    expect(await replica.push.keys()).toEqual(keys);
    const configured = { publicKey: "configured-public", privateKey: "configured-private" };
    expect(await store.push.keys(configured)).toBe(configured);
  });

  it("a publish's check is handed the photos as they stand: a queued one holds it back, a ready one lets it through", async () => {
    const store = storeAt(open().url);
    const id = randomUUID();
    await store.site.insertPhotos([{ id, gallery: "vip", by: "o", fileName: "a.jpg", source: Buffer.from("x") }]);
    const drafted = await store.site.changeDraft("o", () => ({ draft: { photos: [id] }, result: undefined }));
    if (!drafted.ok) throw new Error("the draft was not changed");
    const check = async (_draft: unknown, photos: (ids: readonly string[]) => Promise<{ status: string }[]>) =>
      (await photos([id])).filter((p) => p.status !== "ready").map((p) => p.status);
    expect(await store.site.publishDraft("o", drafted.revision, check)).toEqual({
      ok: false,
      reason: "problems",
      problems: ["queued"],
    });
    expect((await store.site.state()).version).toBe(0);
    const claimed = await store.site.claimPhoto(new Date().toISOString(), new Date().toISOString());
    expect(claimed).toEqual({ id, source: Buffer.from("x") });
    const made = {
      mediaKey: "0123456789abcdef0123",
      width: 1,
      height: 1,
      color: "#000000",
      widths: [1],
      fallbackWidth: 1,
    };
    await store.site.finishPhoto(id, made, []);
    const published = await store.site.publishDraft("o", drafted.revision, check);
    expect(published).toMatchObject({ ok: true, version: 1, document: { photos: [id] } });
    expect(await store.site.summary()).toMatchObject({ version: 1, photos: { ready: 1 } });
  });
}

describe("the site and push parts on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "parts-sqlite-"));
  let n = 0;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  partsContract(() => ({ url: `file:${path.join(dir, `site-${++n}.db`)}` }));
});

describe.runIf(postgresForTests("the site and push parts on PostgreSQL"))(
  "the site and push parts on a throwaway PostgreSQL",
  () => {
    let cluster: PgCluster;
    let n = 0;
    beforeAll(async () => {
      cluster = await sharedPgCluster(inject("pgFolder"));
    }, 60_000);
    afterAll(() => cluster?.remove());
    partsContract(() => ({ url: cluster.createDatabase(`parts_${++n}`) }));
  },
);
