import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { cleanFileName } from "./file-name";

export type UploadedFile = { fileName: string; bytes?: Buffer; tooLarge?: true };
type Reason = "too-many-files" | "too-large" | "not-multipart" | "unreadable";
export type UploadBody =
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | {
      ok: false;
      status: 400 | 413 | 415;
      reason: Reason;
      /** Read before the refusal: the gallery comes first, and the answer goes back there. */
      fields?: Record<string, string>;
    };

type Limits = { maxBytes: number; maxFiles: number; maxUploadBytes: number };

const MAX_FIELD = 1_024;
/** The form has two text fields: more are read and dropped, so ten thousand of them hold nothing. */
const MAX_FIELDS = 8;
/** A part's headers past this are dropped as they arrive (a name of 2,000 emoji, escaped, is about 24 KB). */
const MAX_PART_HEADER = 64 * 1024;

/** Read as it streams in, through @fastify/busboy (docs/decisions/0041-multipart-parser-and-upload-refusals.md), within
 * its bounds: the body's bytes as they arrive, the file count, each file (over `maxBytes`, refused by name and its
 * bytes dropped), each text field. Past a bound the body is left unread, never cancelled: cancelling destroys the
 * socket before the answer goes out (server/app.ts lingers to let the client read it). Names come back cleaned
 * (app/site/file-name.ts). */
export async function readUpload(request: Request, limits: Limits): Promise<UploadBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return { ok: false, status: 415, reason: "not-multipart" };
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limits.maxUploadBytes)
    return { ok: false, status: 413, reason: "too-large" };
  if (!request.body) return { ok: false, status: 400, reason: "unreadable" };

  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { "content-type": type },
      defCharset: "utf8",
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxBytes,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD,
        headerSize: MAX_PART_HEADER,
      },
    });
  } catch {
    return { ok: false, status: 400, reason: "unreadable" }; // no boundary
  }

  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const joins: Promise<void>[] = [];
  let refused: "too-many-files" | "too-large" | undefined;
  const failed = new Promise<never>((_, reject) => parser.on("error", reject));
  failed.catch(() => undefined); // read below, or not at all once refused
  const finished = new Promise<void>((resolve) => parser.on("finish", resolve));
  parser.on("field", (name, value, _nameCut, valueCut) => {
    if (valueCut) refused ??= "too-large";
    else if (!(name in fields)) fields[name] = value;
  });
  parser.on("filesLimit", () => (refused ??= "too-many-files"));
  parser.on("file", (name, stream, filename) => {
    stream.on("error", () => undefined); // the parser's own error says it
    if (!filename && name === "photos") return void stream.resume(); // an empty file input
    const file: UploadedFile = { fileName: cleanFileName(filename ?? "") };
    files.push(file);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => void (file.tooLarge || chunks.push(chunk)));
    stream.on("limit", () => {
      file.tooLarge = true;
      chunks.length = 0;
    });
    stream.on("end", () => {
      if (!file.tooLarge) joins.push(joinInSteps(chunks).then((bytes) => void (file.bytes = bytes)));
    });
  });

  const reader = request.body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), failed]);
      if (done) break;
      seen += value.byteLength;
      if (seen > limits.maxUploadBytes) refused ??= "too-large";
      if (refused) break;
      await Promise.race([new Promise((resolve) => parser.write(value, resolve)), failed]);
      if (refused) break;
    }
    if (!refused) {
      parser.end();
      await Promise.race([finished, failed]);
    }
  } catch {
    return { ok: false, status: 400, reason: "unreadable", fields };
  } finally {
    reader.releaseLock();
  }
  if (refused) return { ok: false, status: 413, reason: refused, fields };
  await Promise.all(joins);
  return { ok: true, fields, files };
}

const STEP = 1024 * 1024;

/** One copy of a 30 MB photo held the server's loop for about 40 ms; a megabyte at a time, pages go between. */
async function joinInSteps(chunks: Buffer[]): Promise<Buffer> {
  const joined = Buffer.allocUnsafe(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    const before = at;
    at += chunk.copy(joined, at);
    if (Math.floor(at / STEP) !== Math.floor(before / STEP)) await new Promise((resolve) => setImmediate(resolve));
  }
  return joined;
}
