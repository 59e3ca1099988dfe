import { randomUUID } from "node:crypto";
import type { GalleryId } from "~/content/galleries";
import type { SitePart } from "~/store/site-part.server";
import {
  changedGalleries,
  changedPages,
  differs,
  edits,
  photosOf,
  publishProblems,
  readDocument,
  type Alt,
  type PublishProblem,
  type SiteDocument,
} from "./document";
import { judgeUpload, type Refusal } from "./judge-upload.server";
import type { Site } from "./site.server";
import type { UploadedFile } from "./upload-body.server";

type Who = { email: string };

/** Photos taken out keep their alt texts for a restore. */
export type GalleryEdit =
  | { intent: "move"; photo: string; step: -1 | 1 }
  | { intent: "order"; order: string[] }
  | { intent: "remove"; photo: string }
  | { intent: "restore"; photo: string }
  | { intent: "alt"; photo: string; alt: Alt }
  | { intent: "reset" };

export async function editGallery(part: SitePart, who: Who, gallery: GalleryId, edit: GalleryEdit): Promise<void> {
  let restoredAlt: Alt | undefined;
  if (edit.intent === "restore") {
    const [photo] = await part.photosByIds([edit.photo]);
    if (!photo || photo.gallery !== gallery || photo.status !== "ready") return;
    restoredAlt = readDocument({ galleries: { [gallery]: [{ photo: photo.id, alt: photo.lastAlt }] } }).galleries[
      gallery
    ]?.[0]?.alt;
  }
  const outcome = await part.changeDraft(who.email, (raw) => {
    const doc = readDocument(raw);
    const before = doc.galleries[gallery] ?? [];
    const next = applied(doc, gallery, edit, restoredAlt);
    const taken = before.filter((e) => !(next.galleries[gallery] ?? []).some((n) => n.photo === e.photo));
    return differs(next, doc) ? { draft: next, result: taken } : undefined;
  });
  for (const entry of outcome.ok ? (outcome.result ?? []) : []) await part.markRemoved(entry.photo, entry.alt);
  if (edit.intent === "restore") await part.markRestored(edit.photo);
}

function applied(doc: SiteDocument, gallery: GalleryId, edit: GalleryEdit, restoredAlt?: Alt): SiteDocument {
  switch (edit.intent) {
    case "move":
      return edits.move(doc, gallery, edit.photo, edit.step);
    case "order":
      return edits.order(doc, gallery, edit.order);
    case "remove":
      return edits.remove(doc, gallery, edit.photo);
    case "restore":
      return restoredAlt ? edits.restore(doc, gallery, edit.photo, restoredAlt) : doc;
    case "alt":
      return edits.setAlt(doc, gallery, edit.photo, edit.alt);
    case "reset":
      return edits.reset(doc, gallery);
  }
}

export type UploadOutcome = { added: number; refused: { fileName: string; refusal: Refusal }[] };

/** One file at a time to bound the decodes; nothing of a refused file is stored; a replaced one is kept to restore. */
export async function acceptUpload(
  site: Pick<Site, "store" | "limits" | "mediaQueue">,
  who: Who,
  gallery: GalleryId,
  files: readonly UploadedFile[],
  replace?: string,
): Promise<UploadOutcome> {
  const refused: UploadOutcome["refused"] = [];
  const accepted: { id: string; fileName: string; source: Buffer }[] = [];
  for (const file of replace ? files.slice(0, 1) : files) {
    const judged = file.bytes
      ? await judgeUpload(file.bytes, site.limits)
      : { ok: false as const, refusal: "too-large" as const };
    if (!judged.ok) refused.push({ fileName: file.fileName, refusal: judged.refusal });
    else accepted.push({ id: randomUUID(), fileName: file.fileName, source: file.bytes! });
  }
  if (!accepted.length) return { added: 0, refused };
  // Written by the media child where there is one: a 30 MB source never waits on this process's loop.
  await site.mediaQueue.store(accepted.map((a) => ({ ...a, gallery, by: who.email })));
  const ids = accepted.map((a) => a.id);
  const outcome = await site.store.changeDraft(who.email, (raw) => {
    const doc = readDocument(raw);
    const old = replace && (doc.galleries[gallery] ?? []).find((e) => e.photo === replace);
    return old
      ? { draft: edits.replace(doc, gallery, replace, ids[0]!), result: old }
      : { draft: edits.add(doc, gallery, ids), result: undefined };
  });
  if (outcome.ok && outcome.result) await site.store.markRemoved(outcome.result.photo, outcome.result.alt);
  site.mediaQueue.kick();
  return { added: accepted.length, refused };
}

export type PublishResult =
  | { ok: true; version: number; changed: string[]; pages: string[] }
  | { ok: false; reason: "stale" }
  | { ok: false; reason: "problems"; problems: PublishProblem[] };

/** Only the draft the owner was shown (`revision`); with a problem, nothing changes and the problems are named. */
export async function publish(part: SitePart, who: Who, revision: number): Promise<PublishResult> {
  const outcome = await part.publishDraft(who.email, revision, async (raw, photosByIds) => {
    const doc = readDocument(raw);
    const status = new Map((await photosByIds(photosOf(doc))).map((p) => [p.id, p.status]));
    return publishProblems(doc, (id) => status.get(id));
  });
  if (outcome.ok) return { ok: true, version: outcome.version, ...changesBetween(outcome) };
  if (outcome.reason === "stale") return { ok: false, reason: "stale" };
  return { ok: false, reason: "problems", problems: outcome.problems as PublishProblem[] };
}

/** Only fails as stale: the version asked for is not one kept. */
export async function republish(part: SitePart, who: Who, version: number): Promise<PublishResult> {
  const outcome = await part.restoreVersion(who.email, version);
  return outcome.ok
    ? { ok: true, version: outcome.version, ...changesBetween(outcome) }
    : { ok: false, reason: "stale" };
}

/** The galleries and pages a publish changed: the audit names them. */
function changesBetween(o: { previous: unknown; document: unknown }) {
  const [before, after] = [readDocument(o.previous), readDocument(o.document)];
  return { changed: changedGalleries(before, after), pages: changedPages(before, after) };
}
