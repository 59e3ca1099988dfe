// Production HTTP server: Express with compression, static files, one JSON log line per
// request, the Remix request handler, and a bounded graceful shutdown. Used instead of
// remix-serve because the app needs the client's socket address (rate limit), a request id
// in its logs, and immutable caching only for hashed assets.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const port = Number(process.env.PORT ?? 3000);
const production = (process.env.NODE_ENV ?? "production") === "production";
const host = process.env.HOST ?? "0.0.0.0";
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

// Importing the build validates the configuration (app/env.server.ts): a bad value stops here.
const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());

// Requests the app has no use for get a 4xx here rather than an error deeper down: methods
// other than GET, HEAD and POST (the Fetch API cannot even represent TRACE), and targets in
// absolute or authority form.
app.use((req, res, next) => {
  if (!["GET", "HEAD", "POST"].includes(req.method)) {
    return res.status(405).set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" }).type("text/plain").send("405 Method Not Allowed\n");
  }
  if (!req.url.startsWith("/") || req.url.startsWith("//")) {
    return res.status(400).set("Cache-Control", "no-store").type("text/plain").send("400 Bad Request\n");
  }
  next();
});

// Security headers on every response. Scripts run only from our origin or with this
// response's nonce (Remix's inline scripts get it through the load context), so neither
// 'unsafe-inline' nor 'unsafe-eval' is allowed for scripts.
app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (req, res) => `'nonce-${res.locals.cspNonce}'`],
        // Stylesheets are files; the only inline styles are style attributes (an image's
        // placeholder colour), not <style> elements.
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    // HSTS only where the site is served over HTTPS in production.
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  }),
);
// Staging (ROBOTS_NOINDEX): every response asks search engines not to index it. The same
// truthy words as the app's configuration (zod's stringbool).
const noIndex = ["true", "1", "yes", "on", "y", "enabled"].includes(String(process.env.ROBOTS_NOINDEX).toLowerCase());
app.use((req, res, next) => {
  if (noIndex) res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  );
  next();
});

app.use((req, res, next) => {
  // While stopping, tell keep-alive clients to hang up after this response.
  if (stopping) res.setHeader("Connection", "close");
  const started = process.hrtime.bigint();
  res.locals.requestId = randomUUID();
  res.setHeader("X-Request-Id", res.locals.requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        event: "http.request",
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path.slice(0, 200),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      }),
    );
  });
  next();
});

// A browser's POST (or PUT, DELETE…) from another site carries that site's Origin. Refuse it
// here with 403: Remix would throw on it (its own CSRF check) and answer 500. Hosts are
// compared as Remix does (X-Forwarded-Host, else Host), not schemes: TLS usually ends at a
// proxy in front of us. Requests without Origin (old browsers, scripts) pass on.
app.use((req, res, next) => {
  const origin = req.get("origin");
  if (origin === undefined || req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  let originHost = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    /* unparsable: treated as foreign */
  }
  if (originHost && originHost === host) return next();
  res.status(403).set("Cache-Control", "private, no-store").type("text/plain").send("403 Forbidden: this form can only be sent from our own site.\n");
});

// Vite fingerprints everything under /assets, and the image pipeline everything under
// /images: cache both for a year. Other public files keep stable names: a short lifetime.
const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false };
// Express 4's MIME table predates AVIF; browsers need the right type to decode it.
express.static.mime.define({ "image/avif": ["avif"] });
app.use("/assets", express.static("build/client/assets", immutable));
app.use("/images", express.static("build/client/images", immutable));
app.use(express.static("build/client", { maxAge: "1h", index: false, redirect: false }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => ({
      clientAddress: req.socket.remoteAddress ?? "",
      requestId: res.locals.requestId,
      cspNonce: res.locals.cspNonce,
    }),
  }),
);

// Last stop for errors from Express itself (a malformed percent-encoding in a path, say):
// a short answer and one JSON log line, never a stack trace in the response.
app.use((err, req, res, _next) => {
  const status = Number.isInteger(err?.status) && err.status >= 400 && err.status < 500 ? err.status : err instanceof URIError ? 400 : 500;
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: status >= 500 ? "error" : "warn", event: "http.error", requestId: res.locals.requestId, status, error: String(err?.message ?? err).slice(0, 200) }),
  );
  if (res.headersSent) return res.end();
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(status >= 500 ? "500 Internal Server Error\n" : `${status} Bad Request\n`);
});

let stopping = false;
// A slow or stalled client cannot hold a connection: headers within 10 s, the whole request
// within 15 s (Node answers 408), checked every second.
const server = createServer({ headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 1_000 }, app);
server.listen(port, host, () => {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "server.listening", url: `http://localhost:${port}` }));
});

// On SIGTERM/SIGINT stop accepting, let in-flight requests (an enquiry being relayed
// included) finish, close idle keep-alive sockets, and exit within the grace period.
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "server.stopping", signal }));
  server.close(() => process.exit(0));
  // Connections that finish their last request become idle: close them as they do.
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, shutdownGraceMs).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
