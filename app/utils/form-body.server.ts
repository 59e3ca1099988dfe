/** The one reader of a request's body on this server (the contact form, every staff action, the
 * passkey ceremonies): a hard size bound before any parsing, so a body over the limit is refused
 * (413) without being read to the end, whether its length is declared or it comes in chunks;
 * only the two form encodings are accepted (415). Nothing else in app/ reads a body; the server's
 * answer-first path (server/answer-first.ts) hands over the bytes of a form whose declared length
 * is within the bound, read from the socket (`withBodyRead`), and this checks them the same way. */
export const MAX_FORM_BYTES = 64 * 1024;

export type FormBodyResult = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; reason: string };

const URLENCODED = "application/x-www-form-urlencoded";
const FORM_TYPES = ["multipart/form-data", URLENCODED];

/** Bodies already read off the socket, for the Request built without one around them. */
const bodiesRead = new WeakMap<Request, Uint8Array<ArrayBuffer>>();

/** `request` (built without a body) with `body` as its body for `readFormBody`: building the
 * Request with its body would wrap the bytes in a stream only to read them back (issue 40). */
export function withBodyRead(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  bodiesRead.set(request, body);
  return request;
}

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
    const form =
      mediaType === URLENCODED
        ? urlEncodedForm(bytes)
        : await new Response(bytes, { headers: { "content-type": type } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400, reason: "malformed_form" };
  }
}

const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
/** A URL-encoded body read as Node's `Response.formData()` reads it (UTF-8, a leading BOM kept,
 * then the URL parser's form rules: checked equal on random bytes), without a Response around it. */
function urlEncodedForm(bytes: Uint8Array): FormData {
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(UTF8.decode(bytes))) form.append(name, value);
  return form;
}

async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too_large" | "unreadable"> {
  const read = bodiesRead.get(request);
  if (read) return read.byteLength > limit ? "too_large" : read;
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
