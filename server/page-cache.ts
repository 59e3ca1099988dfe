import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";
import { PAGE_CACHE } from "~/utils/cache-control.server";
import { log } from "~/utils/log.server";
import { pageKey } from "~/utils/page-key";
import { notModified } from "~/utils/conditional";
import { compressFully, stampedCopies, type Encoding, type Variant } from "./page-copies";
import { contentSecurityPolicy, hasBody } from "./security";

type Stamp = (html: string, at: number) => string;

type CachedPage = {
  etag: string;
  /** A page with the contact form: the current second's copy (./page-copies.ts), its ETag weak. */
  answerIn: (encoding: Encoding) => Variant;
  notModified: string[];
  bytes: number;
};

type RenderAnonymous = (key: string) => Promise<Response>;

type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number };

type Answered = (req: IncomingMessage, res: ServerResponse, status: number) => void;

/** Decision 0013. Only pages (app/utils/page-key.ts), by canonical key, so unknown query parameters cannot create
 * entries; bounded in entries and bytes. No nonce: its inline scripts are allowed by hash. */
export function createPageCache({
  render,
  headers,
  answered,
  maxEntries = 64,
  maxBytes = 24 * 1024 * 1024,
  stamp = (html) => html,
}: {
  render: RenderAnonymous;
  /** Stamped once a second (decisions 0037, 0049). */
  stamp?: Stamp;
  headers: [string, string][];
  answered: Answered;
  maxEntries?: number;
  maxBytes?: number;
}) {
  const pages = new Map<string, CachedPage>();
  // A render that started before a `clear` is answered but not kept: no page of the old version outlives it.
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
      bytes: html.length * (stamped ? 2 : 1) + (br?.length ?? 0) + (gz?.length ?? 0),
    };
    if (started === generation) remember(key, page);
    return page;
  }

  function write(req: IncomingMessage, res: ServerResponse, page: CachedPage, lead: string[] = []): number {
    if (notModified(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, lead.concat(page.notModified)).end();
      return 304;
    }
    const { headers: head, body } = page.answerIn(encodingFor(req.headers["accept-encoding"]));
    res.writeHead(200, lead.concat(head)).end(req.method === "HEAD" ? undefined : body);
    return 200;
  }

  function answer(req: IncomingMessage, res: ServerResponse, lead?: string[]): boolean {
    const key = keyOf(req);
    const page = key === undefined ? undefined : pages.get(key);
    if (!page) return false;
    stats.hits++;
    pages.delete(key!);
    pages.set(key!, page);
    answered(req, res, write(req, res, page, lead));
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    if (key === undefined) return next();
    const cached = pages.get(key);
    if (cached) return void write(req, res, cached);
    stats.misses++;
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

  function clear() {
    generation++;
    pages.clear();
    stats.entries = 0;
    stats.bytes = 0;
  }

  return { answer, middleware, clear, stats: () => ({ ...stats }) };
}

const variantOf = (shared: string[], body: Buffer, encoding: Encoding): Variant => ({
  body,
  headers: [
    ...shared,
    ...["Content-Type", "text/html; charset=utf-8", "Content-Length", String(body.length)],
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
  ],
});

// Each value negotiated once, bounded (decision 0045).
const negotiated = new Map<string, Encoding>();
const REMEMBERED = 256;

function encodingFor(acceptEncoding: string | string[] | undefined): Encoding {
  if (typeof acceptEncoding !== "string") return negotiate(acceptEncoding);
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    if (negotiated.size >= REMEMBERED) negotiated.clear();
    negotiated.set(acceptEncoding, (encoding = negotiate(acceptEncoding)));
  }
  return encoding;
}

function negotiate(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings(["br", "gzip"]);
  return accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
}

function keyOf(req: IncomingMessage): string | undefined {
  const { method, url = "", headers } = req;
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (hasBody(req)) return undefined;
  // A toast is one visitor's; a preview (app/site/preview.server.ts) shows the owner's draft.
  if (headers.cookie && /(?:^|;\s*)(toast|site_preview)=/.test(headers.cookie)) return undefined;
  if (!url.startsWith("/") || url.startsWith("//")) return undefined;
  let key = keys.get(url);
  if (key === undefined) {
    if (keys.size >= REMEMBERED) keys.clear();
    keys.set(url, (key = keyOfUrl(url) ?? null));
  }
  return key ?? undefined;
}

const keys = new Map<string, string | null>();

function keyOfUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url, "http://x");
    return pageKey(parsed.pathname, parsed.searchParams);
  } catch {
    return undefined;
  }
}

/** JSON-LD data blocks are not run: not hashed. */
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
