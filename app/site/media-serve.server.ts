import type { IncomingMessage, ServerResponse } from "node:http";
import type { SitePart } from "~/store/site-part.server";
import { notModified } from "~/utils/conditional";
import { MEDIA_PREFIX } from "./process-photo.server";

const NAME = /^[0-9a-f]{20}-\d{1,5}\.(avif|webp|jpg)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

type File = { contentType: string; body: Buffer; etag: string };

/** The shipped images' headers; a name is a content hash, so the LRU cache never needs renewing. */
export function createMediaServer({
  store,
  maxBytes = 48 * 1024 * 1024,
}: {
  store: Pick<SitePart, "mediaFile">;
  maxBytes?: number;
}) {
  const cache = new Map<string, File>();
  let bytes = 0;
  const remember = (name: string, file: File) => {
    if (file.body.length > maxBytes / 8) return;
    cache.set(name, file);
    bytes += file.body.length;
    while (bytes > maxBytes) {
      const [oldest, evicted] = cache.entries().next().value as [string, File];
      cache.delete(oldest);
      bytes -= evicted.body.length;
    }
  };

  async function find(name: string): Promise<File | undefined> {
    const hit = cache.get(name);
    if (hit) {
      cache.delete(name);
      cache.set(name, hit);
      return hit;
    }
    const found = await store.mediaFile(name);
    if (!found) return undefined;
    const file = { ...found, etag: `"${name.replace(/\.[a-z]+$/, "")}"` };
    remember(name, file);
    return file;
  }

  function answer(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): boolean {
    const path = (req.url ?? "").split("?")[0]!;
    if (!path.startsWith(MEDIA_PREFIX)) return false;
    const name = path.slice(MEDIA_PREFIX.length);
    if ((req.method !== "GET" && req.method !== "HEAD") || !NAME.test(name)) {
      res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
        .end("Not found\n");
      return true;
    }
    find(name).then((file) => {
      if (!file) {
        res
          .writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
          .end("Not found\n");
        return;
      }
      const headers = { "Cache-Control": IMMUTABLE, ETag: file.etag };
      if (notModified(req.headers["if-none-match"], file.etag)) {
        res.writeHead(304, headers).end();
        return;
      }
      res
        .writeHead(200, { ...headers, "Content-Type": file.contentType, "Content-Length": String(file.body.length) })
        .end(req.method === "HEAD" ? undefined : file.body);
    }, next);
    return true;
  }

  return { answer, stats: () => ({ entries: cache.size, bytes }) };
}
