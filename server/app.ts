import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { cspNonce, refuseOddRequests, sameOriginPosts, securityHeaders } from "./security";

type Options = {
  build: ServerBuild;
  /** build/client: hashed assets, images, icons. */
  clientDir: string;
  env: Env;
  /** True once SIGTERM arrived: keep-alive clients are told to hang up. */
  isStopping: () => boolean;
};

/** The request pipeline, in order: odd requests refused, security headers, one JSON log line
 * per request, cross-site posts refused, static files, then Remix. */
export function createApp({ build, clientDir, env, isStopping }: Options) {
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(closeIfBodyUnread);
  app.use(refuseOddRequests);
  app.use(cspNonce);
  app.use(securityHeaders({ production: env.NODE_ENV === "production", noIndex: env.ROBOTS_NOINDEX }));
  app.use(requestLog(isStopping));
  app.use(sameOriginPosts);

  // Vite fingerprints everything under /assets, and the image pipeline everything under
  // /images: cache both for a year. Other public files keep stable names: a short lifetime.
  const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false };
  // Express 4's MIME table predates AVIF; browsers need the right type to decode it.
  express.static.mime.define({ "image/avif": ["avif"] });
  app.use("/assets", express.static(`${clientDir}/assets`, immutable));
  app.use("/images", express.static(`${clientDir}/images`, immutable));
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        clientAddress: req.socket.remoteAddress ?? "",
        requestId: res.locals.requestId as string,
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );
  app.use(lastResort);
  return app;
}

/** A request answered before its body was read to the end (a 413, 415, 403, 405…) closes the
 * connection after the answer: a keep-alive client would otherwise send its next request on
 * a socket that Node resets, and a browser does not retry a POST on a reset socket. */
const closeIfBodyUnread: RequestHandler = (req, res, next) => {
  onHeaders(res, () => {
    if (hasBody(req) && !req.complete) res.setHeader("Connection", "close");
  });
  next();
};

const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** A request id (also sent as X-Request-Id) and one JSON line when the response is done. */
function requestLog(isStopping: () => boolean): RequestHandler {
  return (req, res, next) => {
    if (isStopping()) res.setHeader("Connection", "close");
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log("info", "http.request", {
        requestId,
        method: req.method,
        path: req.path.slice(0, 200),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
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
