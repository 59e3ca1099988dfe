import { unstable_parseMultipartFormData as parseMultipart } from "@remix-run/node";

export type UploadedFile = { fileName: string; bytes?: Buffer; tooLarge?: true };
export type UploadBody =
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | {
      ok: false;
      status: 400 | 413 | 415;
      reason: "too-many-files" | "too-large" | "not-multipart" | "unreadable";
      /** Read before the refusal: the gallery comes first, and the answer goes back there. */
      fields?: Record<string, string>;
    };

type Limits = { maxBytes: number; maxFiles: number; maxUploadBytes: number };

const MAX_FIELD = 1_024;

class Refused extends Error {
  constructor(readonly reason: "too-many-files" | "too-large") {
    super(reason);
  }
}

/** Bounded as it streams in (body, file count, each file): at most `maxUploadBytes` is held in memory, and a file
 * over `maxBytes` is refused by name, its bytes read and dropped. */
export async function readUpload(request: Request, limits: Limits): Promise<UploadBody> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return { ok: false, status: 415, reason: "not-multipart" };
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limits.maxUploadBytes)
    return { ok: false, status: 413, reason: "too-large" };
  if (!request.body) return { ok: false, status: 400, reason: "unreadable" };

  let seen = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limits.maxUploadBytes) controller.error(new Refused("too-large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    await parseMultipart(
      new Request(request.url, {
        method: "POST",
        headers: request.headers,
        body: counted,
        duplex: "half",
      } as RequestInit),
      async ({ name, filename, data }) => {
        if (filename === undefined) {
          let text = "";
          for await (const chunk of data) {
            text += Buffer.from(chunk).toString("utf8");
            if (text.length > MAX_FIELD) throw new Refused("too-large");
          }
          if (!(name in fields)) fields[name] = text;
          return undefined;
        }
        if (!filename && name === "photos") {
          for await (const chunk of data) void chunk; // an empty file input
          return undefined;
        }
        if (files.length >= limits.maxFiles) throw new Refused("too-many-files");
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of data) {
          size += chunk.byteLength;
          if (size <= limits.maxBytes) chunks.push(chunk);
        }
        files.push(
          size > limits.maxBytes
            ? { fileName: filename, tooLarge: true }
            : { fileName: filename, bytes: Buffer.concat(chunks) },
        );
        return undefined;
      },
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, status: 413, reason: error.reason, fields };
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Refused) return { ok: false, status: 413, reason: cause.reason, fields };
    return { ok: false, status: 400, reason: "unreadable", fields };
  }
  return { ok: true, fields, files };
}
