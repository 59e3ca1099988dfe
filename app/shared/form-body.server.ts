/** The one reader of a request's body on this server (the contact form, every staff action, the
 * passkey ceremonies): a hard size bound before any parsing, so a body over the limit is refused
 * (413) without being read to the end, whether its length is declared or it comes in chunks;
 * only the two form encodings are accepted (415). Nothing else in app/ or server/ reads a body. */
export const MAX_FORM_BYTES = 64 * 1024;

export type FormBodyResult = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; reason: string };

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

export async function readFormBody(request: Request, limit = MAX_FORM_BYTES): Promise<FormBodyResult> {
  const type = request.headers.get("content-type") ?? "";
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) return { ok: false, status: 415, reason: "unsupported_media_type" };

  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, status: 413, reason: "too_large" };

  const bytes = await readLimited(request, limit);
  if (bytes === "too_large") return { ok: false, status: 413, reason: "too_large" };
  if (bytes === "unreadable") return { ok: false, status: 400, reason: "unreadable_body" };

  try {
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400, reason: "malformed_form" };
  }
}

async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too_large" | "unreadable"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        // Stop reading but do not cancel: cancelling destroys the socket before our 413 is
        // sent. Node drains and drops the rest of the body after the response.
        reader.releaseLock();
        return "too_large";
      }
      chunks.push(value);
    }
  } catch {
    return "unreadable";
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
