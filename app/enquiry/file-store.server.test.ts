import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createFileStore } from "./file-store.server";
import { storeContract } from "./store-contract";

let dir = "";
const places: string[] = [];

storeContract("the outbox folder", {
  async reset() {
    dir = await mkdtemp(path.join(tmpdir(), "file-store-"));
    places.push(dir);
  },
  make: async () => createFileStore(dir),
  async plantJunk(store) {
    await store.prepare();
    await writeFile(
      path.join(dir, "pending", "2020-01-01T00-00-00-000Z-00000000-0000-0000-0000-000000000000.json"),
      "{ cut sho",
    );
  },
});

afterAll(async () => {
  for (const place of places) await rm(place, { recursive: true, force: true });
});
