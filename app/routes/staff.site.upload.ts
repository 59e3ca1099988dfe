import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { acceptUpload } from "~/site/editing.server";
import { isGalleryId } from "~/site/document";
import { readUpload } from "~/site/upload-body.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requireSiteEditor } from "~/staff/staff.server";
import { keyedOutcomeId, type StoredOutcome } from "~/store/site-upload-outcomes.server";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** An upload to a gallery (several files from a phone's library; one with `replace`): a plain
 * multipart form without JavaScript, one request per file with it (each with its progress bar).
 * Read as it streams, within its bounds (app/site/upload-body.server.ts); then each file judged
 * by its bytes. Answers JSON to the page's script, else a redirect back to the gallery whose
 * page says what was added and what was refused (by name, with why, in the person's language):
 * kept in a row named by the address, never in it, so any number of names fits
 * (docs/decisions/0041-multipart-parser-and-upload-refusals.md). A refused upload stores nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const site = context.wiring.site;
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const body = await readUpload(request, site.limits);
  const gallery = body.fields?.gallery;
  const back = `${STAFF_PATHS.site}/${gallery && isGalleryId(gallery) ? gallery : ""}`.replace(/\/$/, "");
  // A body left unread past its bound: the connection ends after this answer (server/app.ts drains it a while first).
  const unread = !body.ok && body.status === 413 ? { Connection: "close" } : undefined;
  if (!body.ok) {
    if (wantsJson) return Response.json({ error: body.reason }, { status: body.status, headers: unread });
    if (body.status !== 413)
      throw new Response(`${body.status} The upload could not be read.\n`, { status: body.status });
    return answer(back, { added: 0, refused: [], failed: body.reason }, unread);
  }
  if (!gallery || !isGalleryId(gallery)) throw new Response("400 Which gallery?\n", { status: 400 });
  const replace = /^[0-9a-f-]{36}$/.test(body.fields.replace ?? "") ? body.fields.replace : undefined;
  const part = site.store;
  const key = request.headers.get("idempotency-key") ?? "";
  const keyed = wantsJson && IDEMPOTENCY_KEY.test(key) ? keyedOutcomeId(key) : undefined;
  const earlier = keyed ? await part.outcomeFor(keyed, staff.id) : undefined;
  if (earlier) return judged(earlier, { "Idempotent-Replayed": "true" });
  const outcome = await acceptUpload(site, staff, gallery, body.files, replace);
  if (keyed) await part.keepOutcome(staff.id, outcome, new Date(), keyed);
  if (wantsJson) return judged(outcome);
  return answer(back, outcome);

  function judged(outcome: StoredOutcome, headers?: HeadersInit) {
    return Response.json(
      { added: outcome.added, refused: outcome.refused },
      { status: outcome.refused.length && !outcome.added ? 422 : 200, headers },
    );
  }

  async function answer(to: string, outcome: StoredOutcome, headers?: HeadersInit) {
    const id = await site.store.keepOutcome(staff.id, outcome);
    return redirect(`${to}?upload=${id}#upload`, { status: 303, headers });
  }
}

export const loader = () => redirect(STAFF_PATHS.site);
