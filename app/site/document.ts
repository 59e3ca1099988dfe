import { z } from "zod";
import type { GalleryId } from "~/content/galleries";
import { PAGE_IDS, type PageId } from "~/content/pages";
import { SERVICES } from "~/content/services";
import { LOCALES, type Locale } from "~/i18n/locale";
import { Words, wordsProblems, type WordsProblem } from "./words";

/** The owner's site as one document (decision 0038): what the draft holds, what a publish
 * copies whole into a new version, what a restore brings back. Each part is optional: a part the
 * owner never published leaves what ships with the site in place (a fresh install is complete).
 * Issue 51 adds `words` beside `galleries`, with its own schema, checks and editor; the draft,
 * preview, publish, history and the renewal of every replica's pages are this mechanism's. */
export const GALLERY_IDS = ["home", "vip", "events", "concierge"] as const satisfies readonly GalleryId[];

/** How many photos a gallery may hold: a page's weight, and the owner's thumb on a phone. */
export const MAX_GALLERY_PHOTOS = 60;
/** An alt text's length: a sentence or two, as screen readers read them. */
export const MAX_ALT = 250;

const altText = z.string().max(MAX_ALT);
const PhotoEntry = z.object({
  photo: z.string().regex(/^[0-9a-f-]{36}$/),
  alt: z.object(Object.fromEntries(LOCALES.map((l) => [l, altText])) as Record<Locale, typeof altText>),
});
export type PhotoEntry = z.infer<typeof PhotoEntry>;
export type Alt = PhotoEntry["alt"];

const SiteDocument = z.object({
  galleries: z.partialRecord(z.enum(GALLERY_IDS), z.array(PhotoEntry).max(MAX_GALLERY_PHOTOS)).default({}),
  // Words this version cannot read leave the shipped words, never the photos, in place.
  words: Words.optional().catch(undefined),
});
export type SiteDocument = z.infer<typeof SiteDocument>;

export const EMPTY_DOCUMENT: SiteDocument = { galleries: {} };

/** A document as the database holds it; one this version cannot read counts as empty (the
 * shipped site shows), never as an error on a visitor's page. */
export function readDocument(value: unknown): SiteDocument {
  const parsed = SiteDocument.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_DOCUMENT;
}

export const isGalleryId = (value: string): value is GalleryId => (GALLERY_IDS as readonly string[]).includes(value);

export const noAlt = (): Alt => Object.fromEntries(LOCALES.map((l) => [l, ""])) as Alt;

/** The edits the Site section makes, each a new document (the old one is left as it was). A
 * gallery's list starts empty the first time it is edited: until it is published, visitors see
 * the shipped art. */
export const edits = {
  add(doc: SiteDocument, gallery: GalleryId, photos: readonly string[]): SiteDocument {
    const list = [...(doc.galleries[gallery] ?? []), ...photos.map((photo) => ({ photo, alt: noAlt() }))];
    return withGallery(doc, gallery, list.slice(0, MAX_GALLERY_PHOTOS));
  },
  /** One place up (-1) or down (+1); at an end, nothing. */
  move(doc: SiteDocument, gallery: GalleryId, photo: string, step: -1 | 1): SiteDocument {
    const list = [...(doc.galleries[gallery] ?? [])];
    const from = list.findIndex((e) => e.photo === photo);
    const to = from + step;
    if (from < 0 || to < 0 || to >= list.length) return doc;
    [list[from], list[to]] = [list[to]!, list[from]!];
    return withGallery(doc, gallery, list);
  },
  /** A new order (a drag): the photos named, in that order; any not named keep their order after
   * them, so a stale page's order never drops a photo. */
  order(doc: SiteDocument, gallery: GalleryId, order: readonly string[]): SiteDocument {
    const list = doc.galleries[gallery] ?? [];
    const named = order.flatMap((id) => list.filter((e) => e.photo === id));
    const rest = list.filter((e) => !order.includes(e.photo));
    return withGallery(doc, gallery, [...new Set([...named, ...rest])]);
  },
  remove(doc: SiteDocument, gallery: GalleryId, photo: string): SiteDocument {
    return withGallery(
      doc,
      gallery,
      (doc.galleries[gallery] ?? []).filter((e) => e.photo !== photo),
    );
  },
  /** A new photo in the old one's place, with its alt texts (the owner checks them beside it). */
  replace(doc: SiteDocument, gallery: GalleryId, photo: string, by: string): SiteDocument {
    return withGallery(
      doc,
      gallery,
      (doc.galleries[gallery] ?? []).map((e) => (e.photo === photo ? { ...e, photo: by } : e)),
    );
  },
  /** A removed photo back at the end, with the alt texts it had. */
  restore(doc: SiteDocument, gallery: GalleryId, photo: string, alt: Alt): SiteDocument {
    const list = doc.galleries[gallery] ?? [];
    if (list.some((e) => e.photo === photo) || list.length >= MAX_GALLERY_PHOTOS) return doc;
    return withGallery(doc, gallery, [...list, { photo, alt }]);
  },
  setAlt(doc: SiteDocument, gallery: GalleryId, photo: string, alt: Alt): SiteDocument {
    return withGallery(
      doc,
      gallery,
      (doc.galleries[gallery] ?? []).map((e) => (e.photo === photo ? { ...e, alt: cleanAlt(alt) } : e)),
    );
  },
  /** Back to the shipped art (once published). */
  reset(doc: SiteDocument, gallery: GalleryId): SiteDocument {
    const galleries = { ...doc.galleries };
    delete galleries[gallery];
    return { ...doc, galleries };
  },
};

function withGallery(doc: SiteDocument, gallery: GalleryId, list: PhotoEntry[]): SiteDocument {
  return { ...doc, galleries: { ...doc.galleries, [gallery]: list } };
}

/** Alt text as plain text on one line: controls and runs of white space folded. */
export function cleanAlt(alt: Alt): Alt {
  return Object.fromEntries(
    LOCALES.map((l) => [
      l,
      (alt[l] ?? "")
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_ALT),
    ]),
  ) as Alt;
}

/** Why a draft cannot be published: a photo without its alt text in a language, a photo still
 * being processed or whose processing failed. Empty: it can. */
export type PublishProblem =
  | { kind: "alt"; gallery: GalleryId; position: number; locale: Locale }
  | { kind: "processing"; gallery: GalleryId; position: number }
  | { kind: "failed"; gallery: GalleryId; position: number }
  | WordsProblem;

export function publishProblems(
  doc: SiteDocument,
  statusOf: (photo: string) => "ready" | "queued" | "processing" | "failed" | undefined,
): PublishProblem[] {
  const problems: PublishProblem[] = [];
  for (const gallery of GALLERY_IDS) {
    (doc.galleries[gallery] ?? []).forEach((entry, index) => {
      const position = index + 1;
      const status = statusOf(entry.photo);
      if (status === "queued" || status === "processing") problems.push({ kind: "processing", gallery, position });
      else if (status !== "ready") problems.push({ kind: "failed", gallery, position });
      for (const locale of LOCALES)
        if (!entry.alt[locale]?.trim()) problems.push({ kind: "alt", gallery, position, locale });
    });
  }
  return [...problems, ...wordsProblems(doc.words)];
}

/** The galleries whose published photos or words differ between two documents (the pages a
 * publish renews: the sitemap's lastmod). */
export function changedGalleries(a: SiteDocument, b: SiteDocument): GalleryId[] {
  return GALLERY_IDS.filter((g) => JSON.stringify(a.galleries[g] ?? null) !== JSON.stringify(b.galleries[g] ?? null));
}

const GALLERY_PAGE: Record<GalleryId, PageId> = {
  home: "home",
  ...(Object.fromEntries(SERVICES.map((s) => [s.gallery, s.slug])) as Record<Exclude<GalleryId, "home">, PageId>),
};

/** The pages whose content differs between two documents (the sitemap's lastmod). Contact
 * details and service titles are in every page's header or footer. */
export function changedPages(a: SiteDocument, b: SiteDocument): PageId[] {
  const pages = new Set<PageId>(changedGalleries(a, b).map((g) => GALLERY_PAGE[g]));
  const [wa, wb] = [a.words ?? {}, b.words ?? {}];
  const diff = (x: unknown, y: unknown) => JSON.stringify(x ?? null) !== JSON.stringify(y ?? null);
  if (diff(wa.contact, wb.contact)) return [...PAGE_IDS];
  for (const s of SERVICES) {
    const [x, y] = [wa.services?.[s.slug], wb.services?.[s.slug]];
    if (diff(x?.title, y?.title)) return [...PAGE_IDS];
    if (diff(x, y)) pages.add(s.slug).add("home");
  }
  if (diff(wa.tagline, wb.tagline) || diff(wa.cities, wb.cities)) pages.add("home");
  if (diff(wa.about, wb.about)) pages.add("contact").add("home");
  return PAGE_IDS.filter((p) => pages.has(p));
}

/** Every photo a document shows. */
export const photosOf = (doc: SiteDocument): string[] =>
  GALLERY_IDS.flatMap((g) => (doc.galleries[g] ?? []).map((e) => e.photo));
