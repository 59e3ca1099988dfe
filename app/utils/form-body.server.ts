// The one reader of a request body: bounded before parsing (413 without reading to the end), two encodings (415).
export const MAX_FORM_BYTES = 64 * 1024;

export type FormBodyResult = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; reason: string };

const URLENCODED = "application/x-www-form-urlencoded";
const FORM_TYPES = ["multipart/form-data", URLENCODED];

const bodiesRead = new WeakMap<Request, Uint8Array<ArrayBuffer>>();

/** A Request built with its body would wrap the bytes in a stream only to read them back (decision 0034). */
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
/** As Node's `Response.formData()` reads it (checked equal on random bytes), without a Response around it. */
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
        // Not cancelled: that destroys the socket before our 413 is sent.
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
