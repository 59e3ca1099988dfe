import { describe, expect, it } from "vitest";
import { changedGalleries, cleanAlt, edits, MAX_GALLERY_PHOTOS, publishProblems, readDocument } from "./document";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const start = edits.add(readDocument({}), "vip", [id(1), id(2), id(3)]);
const order = (doc: ReturnType<typeof readDocument>) => doc.galleries.vip!.map((e) => Number(e.photo.slice(-3)));

describe("the site document and its edits", () => {
  it("a document this version cannot read is the empty one (the shipped site), never an error", () => {
    expect(readDocument("not json")).toEqual({ galleries: {} });
    expect(readDocument({ galleries: { vip: [{ photo: "x" }] } })).toEqual({ galleries: {} });
  });

  it("photos are added at the end, moved one place, put in a dragged order, removed and restored", () => {
    expect(order(start)).toEqual([1, 2, 3]);
    expect(order(edits.move(start, "vip", id(3), -1))).toEqual([1, 3, 2]);
    expect(edits.move(start, "vip", id(1), -1)).toBe(start);
    // A stale drag names fewer photos: those not named keep their place after the named.
    expect(order(edits.order(start, "vip", [id(3), id(1)]))).toEqual([3, 1, 2]);
    const removed = edits.remove(start, "vip", id(2));
    expect(order(removed)).toEqual([1, 3]);
    expect(order(edits.restore(removed, "vip", id(2), { en: "a", hr: "b" }))).toEqual([1, 3, 2]);
    expect(order(edits.replace(start, "vip", id(2), id(9)))).toEqual([1, 9, 3]);
    expect(edits.reset(start, "vip").galleries.vip).toBeUndefined();
  });

  it("a gallery holds at most MAX_GALLERY_PHOTOS", () => {
    const many = Array.from({ length: MAX_GALLERY_PHOTOS + 5 }, (_, n) => id(n));
    expect(edits.add(readDocument({}), "home", many).galleries.home).toHaveLength(MAX_GALLERY_PHOTOS);
  });

  it("alt text is one line of plain text, bounded", () => {
    expect(cleanAlt({ en: "  Two\nlines\u0000 and\u2028more  ", hr: "x".repeat(400) })).toEqual({
      en: "Two lines and more",
      hr: "x".repeat(250),
    });
  });

  it("publishing needs every photo processed and described in both languages", () => {
    const doc = edits.setAlt(start, "vip", id(1), { en: "Table", hr: "Stol" });
    const status = (photo: string) => (photo === id(2) ? "processing" : photo === id(3) ? "failed" : "ready");
    expect(publishProblems(doc, status)).toEqual([
      { kind: "processing", gallery: "vip", position: 2 },
      { kind: "alt", gallery: "vip", position: 2, locale: "en" },
      { kind: "alt", gallery: "vip", position: 2, locale: "hr" },
      { kind: "failed", gallery: "vip", position: 3 },
      { kind: "alt", gallery: "vip", position: 3, locale: "en" },
      { kind: "alt", gallery: "vip", position: 3, locale: "hr" },
    ]);
    expect(changedGalleries(start, doc)).toEqual(["vip"]);
  });
});
