import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createPageRenderer } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import type { ServerMetrics } from "~/utils/metrics.server";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import onHeaders from "on-headers";
import { routerPath, STAFF_PATHS } from "~/staff/paths";
import type { Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import type { AppLoadContext } from "@remix-run/node";
import type { Wiring } from "~/process/wire.server";
import type { AppBuild } from "./app-build";
import { answerFirst } from "./answer-first";
import { createPageCache } from "./page-cache";
import { staffGuard } from "./staff-guard";
import { uploadOnce } from "./upload-once";
import { cspNonce, hasBody, refuseOddRequests, sameOriginPosts, securityHeaderList, securityHeaders } from "./security";

type Options = {
  built: AppBuild;
  wiring: Wiring;
  env: Env;
  isStopping: () => boolean;
  /** The server's body limits let this request take longer while it moves (server/body-limits.ts). */
  allowSlowUpload?: (req: IncomingMessage) => void;
};

/** Cached pages are answered before Express, with headers prepared once. Development's CSP is Report-Only: Vite's client
 * injects styles and scripts it cannot sign. */
export function createApp({ built, wiring, env, isStopping, allowSlowUpload }: Options) {
  const { build, clientDir, devMiddleware } = built;
  const { crossSitePage, metrics, site, staffGate, enquiryFirst, maxFormBytes } = wiring.server;
  const queueHealth = wiring.server.queue.health;
  const app = express();
  const headers = securityHeaderList({ production: env.NODE_ENV === "production", noIndex: env.ROBOTS_NOINDEX });
  const pageCache =
    typeof build === "function"
      ? undefined
      : createPageCache({
          render: (key) =>
            createPageRenderer(build, env.NODE_ENV)(
              new Request(new URL(key, "http://localhost"), { headers: { accept: "text/html" } }),
              { wiring, clientAddress: "", requestId: "page-cache", cspNonce: "" },
            ),
          headers,
          stamp: wiring.server.stampFormTime,
          answered: (req, res, status) => {
            logRequest(req, res, status, metrics);
            wiring.visits.count(req, status);
          },
        });
  const watching = site.watch(() => pageCache?.clear());
  metrics.watch({
    queue: queueHealth,
    pageCache: () => pageCache?.stats() ?? { hits: 0, misses: 0, entries: 0 },
  });

  app.disable("x-powered-by");
  app.use(refuseOddRequests);
  app.use(securityHeaders(headers));
  app.use(requestLog(isStopping, metrics, wiring.visits.count));
  if (pageCache) app.use(pageCache.middleware);
  app.use((req, res, next) => {
    if (!site.answerMedia(req, res, next)) next();
  });
  app.use(compression());
  app.use(cspNonce({ reportOnly: devMiddleware !== undefined }));
  app.use(sameOriginPosts(crossSitePage));
  if (env.VISIT_BEACON)
    app.post("/visit", express.text({ type: () => true, limit: 2048 }), (req, res) => {
      const beacon = readBeacon(req.body);
      const counted = beacon && wiring.visits.countBeacon(beacon.u, beacon.r, req.headers, req.socket);
      res.set("Cache-Control", "no-store");
      if (counted) return void res.status(204).end();
      res.status(400).type("text").send(BEACON_REFUSED);
    });
  app.use(staffGuard(staffGate));
  // Only behind a session allowed to upload: the body may take longer while it moves, and a retry is answered once.
  // Each upload is held in memory while it arrives: a few at once a person (the page sends one at a time).
  const once = uploadOnce({ maxBytes: staffGate.uploadBytes(STAFF_PATHS.siteUpload) });
  const uploading = new Map<string, number>();
  app.use((req, res, next) => {
    const staff = res.locals.staff as { id: string; siteEditor?: boolean } | undefined;
    const path = routerPath(req.url.split("?")[0] ?? "/");
    if (req.method !== "POST" || !staff?.siteEditor || path !== STAFF_PATHS.siteUpload) return next();
    const now = uploading.get(staff.id) ?? 0;
    if (now >= UPLOADS_AT_ONCE) {
      res.status(429).set("Retry-After", "5");
      if (req.get("accept")?.includes("application/json")) return void res.json({ error: "busy" });
      return void res.type("text").send(BUSY);
    }
    uploading.set(staff.id, now + 1);
    res.once("close", () => {
      const left = (uploading.get(staff.id) ?? 1) - 1;
      if (left > 0) uploading.set(staff.id, left);
      else uploading.delete(staff.id);
    });
    allowSlowUpload?.(req);
    once(req, res, next);
  });

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    // Vite fingerprints /assets and the image pipeline /images; other public files keep stable names.
    const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false };
    // Express 4's MIME table predates AVIF.
    express.static.mime.define({ "image/avif": ["avif"] });
    app.use("/assets", express.static(`${clientDir}/assets`, immutable));
    app.use("/images", express.static(`${clientDir}/images`, immutable));
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  app.get("/healthz", (_req, res, next) => {
    queueHealth().then((queue) => {
      const { entries, bytes } = pageCache?.stats() ?? { entries: 0, bytes: 0 };
      res.set("Cache-Control", "no-store").json({ ...queue, pageCache: { entries, bytes }, site: site.health() });
    }, next);
  });

  // The queue's figures and failure reasons are nobody else's business: off without METRICS_TOKEN.
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
    wiring,
    clientAddress: req.socket.remoteAddress ?? "",
    requestId: res.locals.requestId as string,
    cspNonce: res.locals.cspNonce as string,
    staff: res.locals.staff as AppLoadContext["staff"],
    enquiryAnswer: res.locals.enquiryAnswer,
  });
  // In development the app's modules reload (HMR): its action is reached through Remix alone.
  if (!devMiddleware) app.post("*", answerFirst(enquiryFirst, maxFormBytes, loadContext));
  app.all("*", createRequestHandler({ build, mode: env.NODE_ENV, getLoadContext: loadContext }));
  app.use(lastResort);

  function answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    stamp(req, res, isStopping);
    return pageCache?.answer(req, res) ?? false;
  }
  return { app, answerFromMemory, watching };
}

function readBeacon(body: unknown): { u: string; r?: string } | undefined {
  try {
    const { u, r } = JSON.parse(String(body)) as { u?: unknown; r?: unknown };
    return typeof u === "string" ? { u, r: typeof r === "string" && r ? r : undefined } : undefined;
  } catch {
    return undefined;
  }
}

const BEACON_REFUSED =
  '400 Expected the beacon\'s JSON: {"u": the page\'s URL, "r": its referrer}.\n' +
  '400 Očekivan je JSON signala: {"u": adresa stranice, "r": stranica s koje se došlo}.\n';
const UPLOADS_AT_ONCE = 3;
const BUSY =
  "429 Your other uploads are still arriving: go back and send this one again in a moment.\n" +
  "Vaša druga učitavanja još stižu: vratite se i pošaljite ovo ponovno za trenutak.\n";
type Answered = (req: IncomingMessage, status: number) => void;
const started = Symbol("started");
type Stamped = IncomingMessage & { [started]?: bigint };

function stamp(req: IncomingMessage, res: ServerResponse, isStopping: () => boolean) {
  const stamped = req as Stamped;
  if (stamped[started] !== undefined) return;
  stamped[started] = process.hrtime.bigint();
  lingerOnUnreadBody(req, res);
  if (isStopping()) res.setHeader("Connection", "close");
  res.setHeader("X-Request-Id", randomUUID());
}

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

const LINGER = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/** As nginx's lingering close: closing with data unread makes the kernel reset the connection, and a client still
 * sending loses the answer (EPIPE or ECONNRESET instead of a 413). */
function lingerOnUnreadBody(req: IncomingMessage, res: ServerResponse) {
  if (!hasBody(req)) return;
  onHeaders(res, () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    const socket = req.socket;
    // destroySoon would close with the body unread (a reset, no 413): FIN after the answer, close once drained.
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
      // Past the bound, pause rather than close: the client's window fills and the timer closes the connection.
      if (drained > LINGER.bytes) req.pause();
    });
    req.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

function requestLog(isStopping: () => boolean, metrics: ServerMetrics, countVisit: Answered): RequestHandler {
  return (req, res, next) => {
    stamp(req, res, isStopping);
    res.locals.requestId = res.getHeader("X-Request-Id");
    res.on("finish", () => {
      logRequest(req, res, res.statusCode, metrics);
      countVisit(req, res.statusCode);
    });
    next();
  };
}

/** Express's own errors (a malformed percent-encoding): never a stack trace; a body cut by its sender or a limit: no
 * error of the server's. */
const lastResort: ErrorRequestHandler = (err: { status?: unknown; message?: unknown }, req, res, _next) => {
  if (req.socket.destroyed || err?.message === "aborted") {
    log("info", "http.client_gone", { requestId: res.locals.requestId, error: String(err?.message).slice(0, 200) });
    return void res.destroy();
  }
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
