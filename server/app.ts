import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createPageRenderer } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import type { ServerMetrics } from "~/utils/metrics.server";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import type { AppLoadContext } from "@remix-run/node";
import type { AppBuild } from "./app-build";
import { answerFirst } from "./answer-first";
import { createPageCache } from "./page-cache";
import { staffGuard } from "./staff-guard";
import { cspNonce, hasBody, refuseOddRequests, sameOriginPosts, securityHeaderList, securityHeaders } from "./security";

type Options = {
  /** What the app's build provides (server/app-build.ts): the Remix build, where its files are
   * served from, and the one copy of the queue, refusal page and metrics. */
  built: AppBuild;
  env: Env;
  /** True once SIGTERM arrived: keep-alive clients are told to hang up. */
  isStopping: () => boolean;
};

/** The request pipeline. `answerFromMemory` comes first, before Express: it answers most
 * requests (pages already rendered) with headers prepared once. The rest go through `app`:
 * odd requests refused, security headers, one JSON log line per request, the page cache
 * (rendering a page it does not have yet), compression, a CSP nonce, cross-site posts
 * refused, static files, health, Remix.
 *
 * Development (`npm run dev`, a build loaded per request) differs only where it must: no page
 * cache (every page rendered afresh, so edits show), Vite's middleware instead of build/client,
 * and the CSP sent as Content-Security-Policy-Report-Only (Vite's client injects styles and
 * scripts it cannot sign; violations show in the browser's console instead of blocking). */
export function createApp({ built, env, isStopping }: Options) {
  const { build, clientDir, devMiddleware } = built;
  const { crossSitePage, serverMetrics: metrics } = built.parts;
  const queueHealth = built.parts.serverQueue.health;
  const app = express();
  const headers = securityHeaderList({ production: env.NODE_ENV === "production", noIndex: env.ROBOTS_NOINDEX });
  // Pages for anonymous visitors are rendered once, by Remix, from a request with no cookie.
  const pageCache =
    typeof build === "function"
      ? undefined
      : createPageCache({
          render: (key) =>
            createPageRenderer(build, env.NODE_ENV)(
              new Request(new URL(key, "http://localhost"), { headers: { accept: "text/html" } }),
              { clientAddress: "", requestId: "page-cache", cspNonce: "" },
            ),
          headers,
          stamp: built.parts.stampFormTime,
          answered: (req, res, status) => logRequest(req, res, status, metrics),
        });
  const site = built.parts.siteServer;
  // Every replica renews its pages within SITE_POLL_MS of a publish on any of them.
  const watching = site.watch(() => pageCache?.clear());
  metrics.watch({
    queue: queueHealth,
    pageCache: () => pageCache?.stats() ?? { hits: 0, misses: 0, entries: 0 },
  });

  app.disable("x-powered-by");
  app.use(refuseOddRequests);
  app.use(securityHeaders(headers));
  app.use(requestLog(isStopping, metrics));
  if (pageCache) app.use(pageCache.middleware);
  // The owner's photos, from the database (immutable, content-hashed names), never compressed.
  app.use((req, res, next) => {
    if (!site.answerMedia(req, res, next)) next();
  });
  app.use(compression());
  app.use(cspNonce({ reportOnly: devMiddleware !== undefined }));
  app.use(sameOriginPosts(crossSitePage));
  app.use(staffGuard(built.parts.staffGate));

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    // Vite fingerprints everything under /assets, and the image pipeline everything under
    // /images: cache both for a year. Other public files keep stable names: a short lifetime.
    const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false };
    // Express 4's MIME table predates AVIF; browsers need the right type to decode it.
    express.static.mime.define({ "image/avif": ["avif"] });
    app.use("/assets", express.static(`${clientDir}/assets`, immutable));
    app.use("/images", express.static(`${clientDir}/images`, immutable));
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  // Liveness and the state of what operators watch: the enquiry queue and the page cache.
  app.get("/healthz", (_req, res, next) => {
    queueHealth().then((queue) => {
      const { entries, bytes } = pageCache?.stats() ?? { entries: 0, bytes: 0 };
      res.set("Cache-Control", "no-store").json({ ...queue, pageCache: { entries, bytes }, site: site.health() });
    }, next);
  });

  // Prometheus's text format, for a scraper that presents METRICS_TOKEN (docs/deploy.md):
  // the queue's figures and failure reasons are nobody else's business. Off without a token.
  app.get("/metrics", (req, res, next) => {
    if (!env.METRICS_TOKEN) return next();
    const given = Buffer.from(req.get("authorization") ?? "");
    const expected = Buffer.from(`Bearer ${env.METRICS_TOKEN}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" })
        .type("text/plain");
      return void res.send("401 Unauthorized\n");
    }
    metrics.registry.metrics().then((text) => {
      res.set({ "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).send(text);
    }, next);
  });

  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    clientAddress: req.socket.remoteAddress ?? "",
    requestId: res.locals.requestId as string,
    cspNonce: res.locals.cspNonce as string,
    staff: res.locals.staff as AppLoadContext["staff"],
    enquiryAnswer: res.locals.enquiryAnswer,
  });
  // In development the app's modules reload (HMR): its action is reached through Remix alone.
  if (!devMiddleware) app.post("*", answerFirst(built.parts.enquiryFirst, built.parts.MAX_FORM_BYTES, loadContext));
  app.all("*", createRequestHandler({ build, mode: env.NODE_ENV, getLoadContext: loadContext }));
  app.use(lastResort);

  /** Answers a request for a cached page at once; false when `app` must handle it. */
  function answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    stamp(req, res, isStopping);
    return pageCache?.answer(req, res) ?? false;
  }
  return { app, answerFromMemory, watching };
}

const started = Symbol("started");
type Stamped = IncomingMessage & { [started]?: bigint };

/** A request id (also sent as X-Request-Id), noted once per request. */
function stamp(req: IncomingMessage, res: ServerResponse, isStopping: () => boolean) {
  const stamped = req as Stamped;
  if (stamped[started] !== undefined) return;
  stamped[started] = process.hrtime.bigint();
  lingerOnUnreadBody(req, res);
  // While stopping, tell keep-alive clients to hang up after this response.
  if (isStopping()) res.setHeader("Connection", "close");
  res.setHeader("X-Request-Id", randomUUID());
}

/** One JSON log line per request, with its id, status and duration; and its metrics. */
function logRequest(req: IncomingMessage, res: ServerResponse, status: number, metrics: ServerMetrics) {
  const ms = Number(process.hrtime.bigint() - ((req as Stamped)[started] ?? process.hrtime.bigint())) / 1e6;
  metrics.observeRequest(req.method, status, ms / 1000);
  log("info", "http.request", {
    requestId: res.getHeader("X-Request-Id"),
    method: req.method,
    path: (req.url ?? "").split("?")[0]!.slice(0, 200),
    status,
    ms: Math.round(ms * 10) / 10,
  });
}

/** How much of a body left unread by an early answer (403, 405, 413, 415) is read and thrown
 * away, and for how long, so that the client can read the answer (docs/deploy.md). */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/** A lingering drain, as nginx's lingering close: a request answered before its body was read
 * to the end keeps its connection while the rest of the body arrives and is thrown away.
 * Closing at once would leave unread data in the kernel, which then resets the connection,
 * and the client (still sending) loses the answer: EPIPE or ECONNRESET instead of a 413. After
 * the drain the connection serves the next request. Past the bound it is read no further, and
 * closed when the time is up. */
function lingerOnUnreadBody(req: IncomingMessage, res: ServerResponse) {
  if (!hasBody(req)) return;
  onHeaders(res, () => {
    if (req.complete) return;
    // Whatever was reading the body (Remix's stream, stopped at its limit) lets go of it.
    req.removeAllListeners("data");
    const socket = req.socket;
    // A `Connection: close` answer ends with destroySoon, which closes the socket as soon as the
    // answer is written, body unread: the reset reaches a client still sending (EPIPE, no 413).
    // Send FIN after the answer instead, and close once the body has been drained.
    let last = false;
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      if (req.complete) return destroySoon();
      last = true;
      socket.end();
    };
    req.once("end", () => last && socket.destroy());
    let drained = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER.ms);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      // Past the bound, stop reading rather than close: a close with the client's data unread
      // resets the connection, and a client still sending loses the answer already written.
      // Unread, the client's window fills and it stops; the timer closes the connection.
      if (drained > LINGER.bytes) req.pause();
    });
    req.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

/** The request id (for the load context) and the log line when the response is done. */
function requestLog(isStopping: () => boolean, metrics: ServerMetrics): RequestHandler {
  return (req, res, next) => {
    stamp(req, res, isStopping);
    res.locals.requestId = res.getHeader("X-Request-Id");
    res.on("finish", () => logRequest(req, res, res.statusCode, metrics));
    next();
  };
}

/** Errors from Express itself (a malformed percent-encoding in a path, say): a short answer and
 * one log line, never a stack trace in the response. */
const lastResort: ErrorRequestHandler = (err: { status?: unknown; message?: unknown }, _req, res, _next) => {
  const status =
    typeof err?.status === "number" && Number.isInteger(err.status) && err.status >= 400 && err.status < 500
      ? err.status
      : err instanceof URIError
        ? 400
        : 500;
  log(status >= 500 ? "error" : "warn", "http.error", {
    requestId: res.locals.requestId,
    status,
    error: String(err?.message ?? err).slice(0, 200),
  });
  if (res.headersSent) return void res.end();
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(status >= 500 ? "500 Internal Server Error\n" : `${status} Bad Request\n`);
};
