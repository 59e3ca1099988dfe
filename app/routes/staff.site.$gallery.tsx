import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import * as z from "zod";
import { galleryIn } from "~/content/galleries.server";
import { SITE, type SiteText } from "~/i18n/site";
import { isGalleryId } from "~/site/document";
import { editGallery, type GalleryEdit } from "~/site/editing.server";
import { MEDIA_PREFIX } from "~/site/process-photo.server";
import { draftView } from "~/site/site.server";
import { cleanFileName } from "~/site/file-name";
import type { PhotoRow } from "~/store/site-photos.server";
import { staffFormAs } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { GalleryEditor } from "~/staff/site-section/GalleryEditor";
import { ShippedPhotos } from "~/staff/site-section/ShippedPhotos";
import { staffLocale } from "~/staff/locale.server";
import { UploadForm } from "~/staff/site-section/UploadForm";
import { requireSiteEditor } from "~/staff/staff.server";
import { IntentButton } from "~/staff/ui/IntentButton";
import { hydrateHandle, staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";

export const handle = hydrateHandle;

const thumbOf = (p: PhotoRow | undefined) =>
  p?.status === "ready" && p.mediaKey && p.widths ? `${MEDIA_PREFIX}${p.mediaKey}-${p.widths[0]}.webp` : undefined;

/** One gallery's draft: upload, the photos as cards, the removed ones (restorable). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { limits: mediaLimits, restoreMs } = context.wiring.site;
  const staff = await requireSiteEditor(request, context);
  const gallery = params.gallery ?? "";
  if (!isGalleryId(gallery)) throw new Response("Not Found", { status: 404 });
  const part = context.wiring.site.store;
  const draft = await draftView(part);
  const entries = draft.document.galleries[gallery];
  const photos = (entries ?? []).map((e) => {
    const p = draft.photos.get(e.photo);
    return { id: e.photo, status: p?.status ?? ("missing" as const), thumb: thumbOf(p), color: p?.color, alt: e.alt };
  });
  const removed = await part.removedPhotos(gallery, new Date(Date.now() - restoreMs).toISOString());
  const upload = new URL(request.url).searchParams.get("upload");
  const outcome = upload ? await part.outcomeFor(upload, staff.id) : undefined;
  return {
    gallery,
    photos,
    edited: entries !== undefined,
    // What the gallery shows without photos of the owner's: its smallest encoding each, as thumbnails.
    shipped: galleryIn(gallery, staffLocale(request)).map(({ base, widths, alt, width, height, color }) => ({
      src: `${base}-${widths[0]}.webp`,
      alt,
      width,
      height,
      color,
    })),
    removed: removed.map((p) => ({
      id: p.id,
      fileName: cleanFileName(p.fileName),
      thumb: thumbOf(p),
      until: new Date(Date.parse(p.removedAt ?? "") + restoreMs).toISOString(),
    })),
    // The upload's outcome, kept in a row its address names (docs/decisions/0041-multipart-parser-and-upload-refusals.md).
    added: outcome?.added ?? 0,
    refused: (outcome?.refused ?? []).map((r) => ({ refusal: r.refusal, fileName: cleanFileName(r.fileName) })),
    failed: outcome?.failed,
    processing: photos.some((p) => p.status === "queued" || p.status === "processing"),
    limits: { files: mediaLimits.maxFiles, mb: Math.floor(mediaLimits.maxBytes / 1024 / 1024) },
    uploadMb: Math.floor(mediaLimits.maxUploadBytes / 1024 / 1024),
    restoreDays: Math.round(restoreMs / 86_400_000),
  };
}

const photo = z.string().regex(/^[0-9a-f-]{36}$/);
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), photo, step: z.enum(["-1", "1"]) }),
  z.object({ intent: z.literal("order"), order: z.string().max(60 * 37) }),
  z.object({ intent: z.literal("remove"), photo }),
  z.object({ intent: z.literal("restore"), photo }),
  z.object({ intent: z.literal("alt"), photo, alt_en: z.string().max(2_000), alt_hr: z.string().max(2_000) }),
  z.object({ intent: z.literal("reset") }),
]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const gallery = params.gallery ?? "";
  if (!isGalleryId(gallery)) throw new Response("Not Found", { status: 404 });
  const asked = await staffFormAs(request, Intent);
  const edit: GalleryEdit =
    asked.intent === "move"
      ? { intent: "move", photo: asked.photo, step: asked.step === "1" ? 1 : -1 }
      : asked.intent === "order"
        ? { intent: "order", order: asked.order.split(",").filter((id) => photo.safeParse(id).success) }
        : asked.intent === "alt"
          ? { intent: "alt", photo: asked.photo, alt: { en: asked.alt_en, hr: asked.alt_hr } }
          : asked;
  await editGallery(context.wiring.site.store, staff, gallery, edit);
  return data({ saved: true });
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => SITE[locale].title);

/** While photos are processed the page looks again every 3 s: without a script by a refresh, with one by revalidating,
 * which keeps the photos the owner is choosing or sending (a reload would drop them). */
function LookAgain() {
  const { revalidate, state } = useRevalidator();
  const idle = state === "idle";
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(revalidate, 3_000);
    return () => clearTimeout(timer);
  }, [idle, revalidate]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content="3" />
    </noscript>
  );
}

type Refusal = keyof SiteText["refusal"];
const SLOT = "\u0000";
/** A sentence naming a file, the name isolated (<bdi>): a right-to-left name cannot reorder the rest of the line.
 * Cleaned names hold no NUL (app/site/file-name.ts), so it marks where the translation puts the name. */
function Named({ text, children }: { text: (name: string) => string; children: string }) {
  const [before = "", ...after] = text(SLOT).split(SLOT);
  return (
    <>
      {before}
      <bdi>{children}</bdi>
      {after.join(children)}
    </>
  );
}

function Messages({ t, state }: { t: SiteText; state: ReturnType<typeof useLoaderData<typeof loader>> }) {
  return (
    <>
      {state.added ? (
        <p className="staff-notice" role="status">
          {t.uploadedOk(state.added)}
        </p>
      ) : null}
      {state.failed ? (
        <p className="staff-error" role="alert">
          {state.failed === "too-many-files" ? t.tooManyFiles(state.limits.files) : t.tooLargeUpload(state.uploadMb)}
        </p>
      ) : null}
      {state.refused.length ? (
        <ul className="staff-error" role="alert">
          {state.refused.map((r, i) => (
            <li key={i}>
              <Named text={(name) => t.refusedFile(name, t.refusal[r.refusal as Refusal] ?? t.refusal.unknown)}>
                {r.fileName}
              </Named>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export default function SiteGallery() {
  const { locale } = useSignedIn();
  const state = useLoaderData<typeof loader>();
  const t = SITE[locale];
  return (
    <section className="staff-card">
      <p>
        <Link to={STAFF_PATHS.site}>← {t.back}</Link>
      </p>
      <h1>{t.galleries[state.gallery]}</h1>
      {!state.edited ? <p className="staff-hint">{t.shipped(state.shipped.length)}</p> : null}
      <Messages t={t} state={state} />
      <UploadForm t={t} gallery={state.gallery} maxFiles={state.limits.files} maxMb={state.limits.mb} />
      {state.processing ? (
        <>
          <p className="staff-hint">{t.processingNote}</p>
          <LookAgain />
        </>
      ) : null}
      {state.photos.length ? (
        <GalleryEditor t={t} gallery={state.gallery} photos={state.photos} />
      ) : (
        <>
          <p className="staff-hint">{t.empty}</p>
          <ShippedPhotos t={t} photos={state.shipped} />
        </>
      )}
      {state.removed.length ? (
        <>
          <h2>{t.removedTitle}</h2>
          <p className="staff-hint">{t.removedHint(state.restoreDays)}</p>
          <ul className="staff-list site-removed">
            {state.removed.map((r) => (
              <li key={r.id}>
                <span>
                  {r.thumb ? <img src={r.thumb} alt="" width={80} height={60} /> : null} <bdi>{r.fileName}</bdi>
                  <br />
                  <small>{t.removedUntil(staffTime(r.until, locale))}</small>
                </span>
                <IntentButton
                  intent="restore"
                  fields={{ photo: r.id }}
                  className="staff-button staff-button-quiet staff-button-small"
                  label={t.restoreLabel(r.fileName)}
                >
                  {t.restore}
                </IntentButton>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {state.edited ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="staff-link-button">
            {t.reset}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
