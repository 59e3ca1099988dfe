import type { GalleryId, GalleryImage } from "~/content/galleries";
import type { PageId } from "~/content/pages";
import { galleryIn } from "~/content/galleries.server";
import type { Locale } from "~/i18n/locale";
import type { SitePart } from "~/store/site-part.server";
import type { PhotoRow } from "~/store/site-photos.server";
import type { Env } from "~/utils/env-schema.server";
import { setLiveContact } from "~/utils/live-contact.server";
import { log } from "~/utils/log.server";
import { changedPages, photosOf, readDocument, EMPTY_DOCUMENT, type SiteDocument } from "./document";
import { createMediaQueue } from "./media-queue.server";
import { previewing, asksForPreview } from "./preview.server";
import { MEDIA_PREFIX } from "./process-photo.server";
import { contactOf } from "./words.server";

export type SiteView = { document: SiteDocument; photos: ReadonlyMap<string, PhotoRow> };

async function viewOf(part: SitePart, document: SiteDocument): Promise<SiteView> {
  const photos = await part.photosByIds(photosOf(document));
  return { document, photos: new Map(photos.map((p) => [p.id, p])) };
}

/** The Site section's parts, made once by the wiring: the version served (polled), the media queue, upload limits. */
export function createSite({ env, store }: { env: Env; store: { site: SitePart } }) {
  const part = store.site;
  const limits = {
    maxBytes: env.MEDIA_MAX_FILE_MB * 1024 * 1024,
    maxFiles: env.MEDIA_MAX_FILES,
    maxUploadBytes: env.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
    maxPixels: env.MEDIA_MAX_MEGAPIXELS * 1_000_000,
  };
  const restoreMs = env.MEDIA_RESTORE_DAYS * 86_400_000;
  const mediaQueue = createMediaQueue({
    store: part,
    concurrency: env.MEDIA_CONCURRENCY,
    maxPixels: limits.maxPixels,
  });

  /** Polled; before the first read and on a fresh install (version 0), the shipped site. */
  let published: SiteView & { version: number; publishedAt?: string; lastmod: ReadonlyMap<string, string> } = {
    version: -1,
    document: EMPTY_DOCUMENT,
    photos: new Map(),
    lastmod: new Map(),
  };

  /** True when the version moved: then the page cache must be renewed (server/app.ts). */
  async function refreshPublished(): Promise<boolean> {
    const { version, publishedAt } = await part.publishedVersion();
    if (version === published.version) return false;
    const document = readDocument(await part.versionDocument(version));
    const view = await viewOf(part, document);
    const lastmod = await part.lastChanges((a, b) => changedPages(readDocument(a), readDocument(b)));
    published = { ...view, version, publishedAt, lastmod };
    setLiveContact(contactOf(document.words));
    log("info", "site.version", { version });
    return true;
  }

  let renewPages: (() => void) | undefined;

  return {
    /** The Site section's tables (store/site-part.server.ts). */
    store: part,
    limits,
    restoreMs,
    mediaQueue,
    refreshPublished,
    onRenew: (renew: () => void) => (renewPages = renew),
    /** So a publish here is served before the owner's answer is sent (other processes within SITE_POLL_MS). */
    async renewNow(): Promise<void> {
      if (await refreshPublished().catch(() => false)) renewPages?.();
    },
    servedVersion: () => ({ version: Math.max(0, published.version), publishedAt: published.publishedAt }),
    pageChangedAt: (id: PageId) => published.lastmod.get(id),
    /** The published words (the desk's venues), never a draft's. */
    publishedWords: () => published.document.words,
    /** The draft shows only to a browser in preview, and never reaches the page cache. `ended`: the browser sent a
     * preview cookie that shows nothing (ended, its session over, the grant gone, malformed): the root clears it. */
    async pageDocument(request: Request): Promise<{ document: SiteDocument; preview: boolean; ended: boolean }> {
      if (!asksForPreview(request)) return { document: published.document, preview: false, ended: false };
      if (!(await previewing(part, request))) return { document: published.document, preview: false, ended: true };
      return { document: readDocument((await part.state()).draft), preview: true, ended: false };
    },
    /** A page's gallery from the document pageDocument chose (the draft's photos read only in a preview). */
    async pageGallery(
      page: { document: SiteDocument; preview: boolean },
      id: GalleryId,
      locale: Locale,
    ): Promise<GalleryImage[]> {
      return page.preview ? galleryOf(id, locale, await viewOf(part, page.document)) : galleryOf(id, locale, published);
    },
    /** Hourly; a photo the draft or the published site shows is never purged. */
    chores: () => siteChores(part, restoreMs),
  };
}
export type Site = ReturnType<typeof createSite>;

function galleryOf(id: GalleryId, locale: Locale, view: SiteView): GalleryImage[] {
  const entries = view.document.galleries[id];
  // None of the owner's own (never published, or all removed): the shipped art, never an empty page.
  if (!entries?.length) return galleryIn(id, locale);
  return entries.flatMap((entry) => {
    const p = view.photos.get(entry.photo);
    if (!p || p.status !== "ready" || !p.mediaKey || !p.width || !p.height || !p.widths) return [];
    return [
      {
        alt: entry.alt[locale],
        width: p.width,
        height: p.height,
        color: p.color ?? "#222222",
        base: `${MEDIA_PREFIX}${p.mediaKey}`,
        widths: p.widths,
        fallbackWidth: p.fallbackWidth ?? p.widths[0]!,
      },
    ];
  });
}

export async function draftView(part: SitePart): Promise<SiteView & { revision: number }> {
  const state = await part.state();
  return { ...(await viewOf(part, readDocument(state.draft))), revision: state.revision };
}

async function siteChores(part: SitePart, restoreMs: number): Promise<void> {
  try {
    const state = await part.state();
    const keep = new Set([
      ...photosOf(readDocument(state.draft)),
      ...photosOf(readDocument(await part.versionDocument(state.version))),
    ]);
    const now = Date.now();
    const purged = await part.purgePhotos({
      removedBefore: new Date(now - restoreMs).toISOString(),
      failedBefore: new Date(now - 86_400_000).toISOString(),
      keep,
    });
    if (purged) log("info", "site.photos_purged", { purged });
  } catch (error) {
    log("warn", "site.chores_failed", { error: (error as { code?: string }).code ?? "error" });
  }
}
