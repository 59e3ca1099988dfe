import * as z from "zod";
import type { GalleryId } from "~/content/galleries";
import { PAGE_IDS, type PageId } from "~/content/pages";
import { SERVICES } from "~/content/services";
import { LOCALES, type Locale } from "~/i18n/locale";
import { Words, wordsProblems, type WordsProblem } from "./words";

// The owner's site as one document (decision 0038), copied whole by publish and restore; a part
// never published leaves the shipped site in place, so a fresh install is complete.
export const GALLERY_IDS = ["home", "vip", "events", "concierge"] as const satisfies readonly GalleryId[];

/** A page's weight, and the owner's thumb on a phone. */
export const MAX_GALLERY_PHOTOS = 60;
/** A sentence or two, as screen readers read them. */
const MAX_ALT = 250;

const altText = z.string().max(MAX_ALT);
const PhotoEntry = z.object({
  photo: z.string().regex(/^[0-9a-f-]{36}$/),
  alt: z.object(Object.fromEntries(LOCALES.map((l) => [l, altText])) as Record<Locale, typeof altText>),
});
type PhotoEntry = z.infer<typeof PhotoEntry>;
export type Alt = PhotoEntry["alt"];

const SiteDocument = z.object({
  galleries: z.partialRecord(z.enum(GALLERY_IDS), z.array(PhotoEntry).max(MAX_GALLERY_PHOTOS)).default({}),
  // Words this version cannot read leave the shipped words, never the photos, in place.
  words: Words.optional().catch(undefined),
});
export type SiteDocument = z.infer<typeof SiteDocument>;

export const EMPTY_DOCUMENT: SiteDocument = { galleries: {} };

/** One this version cannot read counts as empty (the shipped site shows), never an error on a visitor's page. */
export function readDocument(value: unknown): SiteDocument {
  const parsed = SiteDocument.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_DOCUMENT;
}

export const isGalleryId = (value: string): value is GalleryId => (GALLERY_IDS as readonly string[]).includes(value);

const noAlt = (): Alt => Object.fromEntries(LOCALES.map((l) => [l, ""])) as Alt;

/** Each a new document; a gallery first edited starts empty (visitors see the shipped art until it is published). */
export const edits = {
  add(doc: SiteDocument, gallery: GalleryId, photos: readonly string[]): SiteDocument {
    const list = [...(doc.galleries[gallery] ?? []), ...photos.map((photo) => ({ photo, alt: noAlt() }))];
    return withGallery(doc, gallery, list.slice(0, MAX_GALLERY_PHOTOS));
  },
  move(doc: SiteDocument, gallery: GalleryId, photo: string, step: -1 | 1): SiteDocument {
    const list = [...(doc.galleries[gallery] ?? [])];
    const from = list.findIndex((e) => e.photo === photo);
    const to = from + step;
    if (from < 0 || to < 0 || to >= list.length) return doc;
    [list[from], list[to]] = [list[to]!, list[from]!];
    return withGallery(doc, gallery, list);
  },
  /** Photos not named keep their order after the named, so a stale page's drag never drops one. */
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
  /** Keeps the alt texts: the owner checks them beside the new photo. */
  replace(doc: SiteDocument, gallery: GalleryId, photo: string, by: string): SiteDocument {
    return withGallery(
      doc,
      gallery,
      (doc.galleries[gallery] ?? []).map((e) => (e.photo === photo ? { ...e, photo: by } : e)),
    );
  },
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

/** Plain data compared by its JSON; a value left out is the same as null. */
export const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

export function changedGalleries(a: SiteDocument, b: SiteDocument): GalleryId[] {
  return GALLERY_IDS.filter((g) => differs(a.galleries[g], b.galleries[g]));
}

const GALLERY_PAGE: Record<GalleryId, PageId> = {
  home: "home",
  ...(Object.fromEntries(SERVICES.map((s) => [s.gallery, s.slug])) as Record<Exclude<GalleryId, "home">, PageId>),
};

/** Contact details and service titles are in every page's header or footer. */
export function changedPages(a: SiteDocument, b: SiteDocument): PageId[] {
  const pages = new Set<PageId>(changedGalleries(a, b).map((g) => GALLERY_PAGE[g]));
  const [wa, wb] = [a.words ?? {}, b.words ?? {}];
  if (differs(wa.contact, wb.contact)) return [...PAGE_IDS];
  for (const s of SERVICES) {
    const [x, y] = [wa.services?.[s.slug], wb.services?.[s.slug]];
    if (differs(x?.title, y?.title)) return [...PAGE_IDS];
    if (differs(x, y)) pages.add(s.slug).add("home");
  }
  if (differs(wa.tagline, wb.tagline) || differs(wa.cities, wb.cities)) pages.add("home");
  if (differs(wa.about, wb.about)) pages.add("contact").add("home");
  return PAGE_IDS.filter((p) => pages.has(p));
}

export const photosOf = (doc: SiteDocument): string[] =>
  GALLERY_IDS.flatMap((g) => (doc.galleries[g] ?? []).map((e) => e.photo));
