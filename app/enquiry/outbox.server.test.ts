import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { recordedSends } from "../../mocks/emailjs";
import { adoptEarlierRecords, createOutbox } from "./outbox.server";
import { enquiry, enquiryTestbed } from "./enquiry-testbed";
import { describe, expect, it, vi } from "vitest";

const bed = enquiryTestbed();

describe("outbox", () => {
  it("stores each enquiry durably as one file, mode 0600, in pending/", async () => {
    const record = await bed.outbox.store(enquiry(), "req-1");
    const files = await readdir(path.join(bed.dir, "pending"));
    expect(files).toEqual([expect.stringContaining(record.id)]);
    const { mode } = await import("node:fs/promises").then((fs) => fs.stat(path.join(bed.dir, "pending", files[0]!)));
    expect(mode & 0o777).toBe(0o600);
    expect(await bed.outbox.find(record.id.slice(0, 8))).toEqual([
      expect.objectContaining({ id: record.id, state: "pending", requestId: "req-1" }),
    ]);
    expect(await readdir(path.join(bed.dir, "tmp"))).toEqual([]);
  });

  it("refuses to store where it cannot write, without throwing past its caller's catch", async () => {
    const blocked = path.join(bed.dir, "a-file");
    await writeFile(blocked, "");
    await expect(createOutbox(path.join(blocked, "outbox")).store(enquiry())).rejects.toThrow();
  });

  it("a move cut short by a crash leaves a copy in pending/ that is never sent again", async () => {
    const record = await bed.outbox.store(enquiry("Delivered just before the crash"));
    const [stored] = await bed.outbox.list("pending");
    // As if the process died between writing delivered/ and removing pending/.
    await writeFile(
      path.join(bed.dir, "delivered", stored!.file),
      JSON.stringify({ ...record, deliveredAt: new Date().toISOString() }),
    );
    bed.start();
    await vi.waitFor(async () => expect(await bed.states()).toEqual({ pending: 0, failed: 0, delivered: 1 }), {
      timeout: 2000,
    });
    expect(recordedSends).toHaveLength(0);
  });

  it("adopts enquiries kept by the earlier relay as OUTBOX_DIR/*.json", async () => {
    await writeFile(
      path.join(bed.dir, "2026-01-01T00-00-00-000Z-old.json"),
      JSON.stringify({
        id: "0f0f0f0f-0000-4000-8000-000000000000",
        receivedAt: "2026-01-01T00:00:00.000Z",
        status: "relay_failed",
        enquiry: enquiry("old"),
      }),
    );
    expect(await adoptEarlierRecords(bed.outbox)).toBe(1);
    expect((await bed.outbox.list("pending")).map((r) => r.enquiry.message)).toEqual(["old"]);
  });
});
