import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { acceptUpload } from "~/site/editing.server";
import { isGalleryId } from "~/site/document";
import { mediaLimits, siteDatabase } from "~/site/site.server";
import { readUpload } from "~/site/upload-body.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requireSiteEditor } from "~/staff/staff.server";

/** An upload to a gallery (several files from a phone's library; one with `replace`): a plain
 * multipart form without JavaScript, one request per file with it (each with its progress bar).
 * Read as it streams, within its bounds (app/site/upload-body.server.ts); then each file judged
 * by its bytes. Answers JSON to the page's script, else a redirect back to the gallery whose
 * address says what was added and what was refused (by name, with why, in the person's
 * language). A refused upload stores nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const body = await readUpload(request, mediaLimits);
  const gallery = body.fields?.gallery;
  const back = `${STAFF_PATHS.site}/${gallery && isGalleryId(gallery) ? gallery : ""}`.replace(/\/$/, "");
  if (!body.ok) {
    if (wantsJson) return Response.json({ error: body.reason }, { status: body.status });
    if (body.status !== 413)
      throw new Response(`${body.status} The upload could not be read.\n`, { status: body.status });
    return redirect(`${back}?failed=${body.reason}`, 303);
  }
  if (!gallery || !isGalleryId(gallery)) throw new Response("400 Which gallery?\n", { status: 400 });
  const replace = /^[0-9a-f-]{36}$/.test(body.fields.replace ?? "") ? body.fields.replace : undefined;
  const outcome = await acceptUpload(await siteDatabase(), staff, gallery, body.files, replace);
  if (wantsJson) return Response.json(outcome, { status: outcome.refused.length && !outcome.added ? 422 : 200 });
  const query = new URLSearchParams({ added: String(outcome.added) });
  for (const r of outcome.refused.slice(0, 20)) query.append("refused", `${r.refusal}:${r.fileName.slice(0, 120)}`);
  return redirect(`${back}?${query.toString()}#upload`, 303);
}

export const loader = () => redirect(STAFF_PATHS.site);
