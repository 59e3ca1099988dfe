import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";
import { PAGE_CACHE } from "~/utils/cache-control.server";
import { log } from "~/utils/log.server";
import { pageKey } from "~/utils/page-key";
import { notModified } from "./conditional";
import { compressFully, stampedCopies, type Encoding, type Variant } from "./page-copies";
import { contentSecurityPolicy, hasBody } from "./security";

/** Writes the signed time `at` (ms) into a page's contact form; the page as it is without one. */
type Stamp = (html: string, at: number) => string;

/** A page as every anonymous visitor gets it: rendered once, compressed once, with its
 * response headers ready to write. */
type CachedPage = {
  etag: string;
  /** The answer in an encoding: compressed once, when it was filled; or, for a page with the
   * contact form, the copy of the current second (./page-copies.ts), its ETag weak (the same
   * page, another time). */
  answerIn: (encoding: Encoding) => Variant | Promise<Variant>;
  notModified: string[];
  bytes: number;
};

/** Renders a page for an anonymous visitor: a request with no cookie, nothing personal. */
type RenderAnonymous = (key: string) => Promise<Response>;

type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number };

/** Called for every answer from memory before Express (the request log). */
type Answered = (req: IncomingMessage, res: ServerResponse, status: number) => void;

/** Anonymous GET and HEAD requests for the site's pages, answered from memory after the first
 * render (docs/decisions/0013-render-once-serve-many.md). Only pages (app/utils/page-key.ts)
 * are cached, under their canonical key, so unknown query parameters cannot create entries;
 * a request with the toast cookie or a body, any other method, and any answer that is not a
 * 200 without Set-Cookie go to Remix as before. Bounded in entries and bytes (least recently
 * used first out). The HTML has no nonce: its inline scripts are allowed by their hashes.
 *
 * `answer` serves a hit before any middleware runs (most requests end there); `middleware`
 * renders a miss, once however many visitors ask for it at the same time, then answers it. */
export function createPageCache({
  render,
  headers,
  answered,
  maxEntries = 64,
  maxBytes = 24 * 1024 * 1024,
  stamp = (html) => html,
}: {
  render: RenderAnonymous;
  /** Writes the signed time `at` into a page's form (app/utils/form-time.server.ts); the page as
   * it is when it has none. A page it changes is stamped once a second (decision 0037). */
  stamp?: Stamp;
  /** The security headers every response carries (the CSP is the page's own). */
  headers: [string, string][];
  answered: Answered;
  maxEntries?: number;
  maxBytes?: number;
}) {
  const pages = new Map<string, CachedPage>();
  // Counted up by `clear` (a new published version of the site): a render that started before
  // is answered but not kept, so no page of the old version outlives the clear.
  let generation = 0;
  const filling = new Map<string, Promise<CachedPage | undefined>>();
  const stats: PageCacheStats = { entries: 0, bytes: 0, hits: 0, misses: 0 };
  const common = headers.flat();

  function remember(key: string, page: CachedPage) {
    pages.delete(key);
    pages.set(key, page);
    stats.bytes += page.bytes;
    while (pages.size > maxEntries || stats.bytes > maxBytes) {
      const [oldest, evicted] = pages.entries().next().value as [string, CachedPage];
      pages.delete(oldest);
      stats.bytes -= evicted.bytes;
    }
    stats.entries = pages.size;
  }

  async function fill(key: string): Promise<CachedPage | undefined> {
    const started = generation;
    const response = await render(key);
    const html = Buffer.from(await response.arrayBuffer());
    // Only a complete, ordinary page is shared: never an error, a redirect, or a cookie.
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return undefined;
    const text = html.toString("utf8");
    const stamped = stamp(text, Date.now()) !== text;
    const etag = `${stamped ? "W/" : ""}"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    const shared = [
      ...common,
      ...["Cache-Control", PAGE_CACHE, "ETag", etag, "Vary", "Accept-Encoding"],
      ...[
        "Content-Security-Policy",
        contentSecurityPolicy({ scriptHashes: inlineScriptHashes(text), styleHashes: inlineStyleHashes(text) }),
      ],
    ];
    // A stamped page's bytes change every second: compressed then (stampedCopies).
    const [br, gz] = stamped ? [] : await Promise.all([compressFully(html, "br"), compressFully(html, "gzip")]);
    const variants = br && gz && { br: variantOf(shared, br, "br"), gzip: variantOf(shared, gz, "gzip") };
    const identity = variantOf(shared, html, "identity");
    const page: CachedPage = {
      etag,
      answerIn: variants
        ? (encoding) => (encoding === "identity" ? identity : variants[encoding])
        : stampedCopies(
            (second) => stamp(text, second),
            (body, encoding) => variantOf(shared, body, encoding),
          ),
      notModified: shared,
      // A stamped page also holds one copy of the second per encoding (about the same again).
      bytes: html.length * (stamped ? 2 : 1) + (br?.length ?? 0) + (gz?.length ?? 0),
    };
    if (started === generation) remember(key, page);
    return page;
  }

  /** Writes the page (or 304); returns the status sent. */
  function write(req: IncomingMessage, res: ServerResponse, page: CachedPage): number {
    if (notModified(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, page.notModified).end();
      return 304;
    }
    const variant = page.answerIn(encodingFor(req.headers["accept-encoding"]));
    if (!(variant instanceof Promise)) return send(variant);
    // A stamped page's first answer after a quiet spell waits for its copy (tens of ms, once).
    variant.then(send, (error: unknown) => {
      log("error", "page_cache.stamp_failed", { error: error instanceof Error ? error.message : String(error) });
      res.writeHead(503, { "Retry-After": "1", "Cache-Control": "no-store" }).end();
    });
    return 200;

    function send({ headers: head, body }: Variant) {
      res.writeHead(200, head).end(req.method === "HEAD" ? undefined : body);
      return 200;
    }
  }

  /** Answers a request from memory if it is for a cached page; false to pass it on. */
  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const key = keyOf(req);
    const page = key === undefined ? undefined : pages.get(key);
    if (!page) return false;
    stats.hits++;
    pages.delete(key!); // most recently used last
    pages.set(key!, page);
    answered(req, res, write(req, res, page));
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    if (key === undefined) return next();
    const cached = pages.get(key);
    // Through Express, its request log has the line.
    if (cached) return void write(req, res, cached);
    stats.misses++;
    // Visitors who arrive together wait for one render.
    let pending = filling.get(key);
    if (!pending) {
      pending = fill(key).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    pending.then(
      (page) => (page ? void write(req, res, page) : next()),
      (error: unknown) => {
        log("error", "page_cache.render_failed", {
          key,
          error: error instanceof Error ? error.message : String(error),
        });
        next();
      },
    );
  };

  /** Forgets every page (the owner published: server/app.ts): each is rendered again at its next
   * request, with its new ETag. */
  function clear() {
    generation++;
    pages.clear();
    stats.entries = 0;
    stats.bytes = 0;
  }

  return { answer, middleware, clear, stats: () => ({ ...stats }) };
}

/** One encoding's answer: its body and every header. */
const variantOf = (shared: string[], body: Buffer, encoding: Encoding): Variant => ({
  body,
  headers: [
    ...shared,
    ...["Content-Type", "text/html; charset=utf-8", "Content-Length", String(body.length)],
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
  ],
});

/** Brotli whenever the browser takes it (smaller), whatever order it lists encodings in. */
function encodingFor(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings(["br", "gzip"]);
  return accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
}

/** The cache key of a request, or undefined when it must go to Remix: another method, a body,
 * the toast cookie, a target that is not a plain path, or not one of the pages. */
function keyOf(req: IncomingMessage): string | undefined {
  const { method, url = "", headers } = req;
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (hasBody(req)) return undefined;
  // A toast is one visitor's; a preview (app/site/preview.server.ts) shows the owner's draft.
  if (headers.cookie && /(?:^|;\s*)(toast|site_preview)=/.test(headers.cookie)) return undefined;
  if (!url.startsWith("/") || url.startsWith("//")) return undefined;
  try {
    const parsed = new URL(url, "http://x");
    return pageKey(parsed.pathname, parsed.searchParams);
  } catch {
    return undefined;
  }
}

/** CSP source expressions for the inline scripts of a page: what the browser will run (not
 * JSON-LD data blocks), hashed as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** CSP source expressions for the page's inline <style> elements. */
function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}
