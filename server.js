// Production HTTP server: Express with compression, static files, one JSON log line per
// request, the Remix request handler, and a bounded graceful shutdown. Used instead of
// remix-serve because the app needs the client's socket address (rate limit), a request id
// in its logs, and immutable caching only for hashed assets.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

// Importing the build validates the configuration (app/env.server.ts): a bad value stops here.
const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());

app.use((req, res, next) => {
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
    getLoadContext: (req, res) => ({ clientAddress: req.socket.remoteAddress ?? "", requestId: res.locals.requestId }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "server.listening", url: `http://localhost:${port}` }));
});

// On SIGTERM/SIGINT stop accepting, let in-flight requests (an enquiry being relayed
// included) finish, close idle keep-alive sockets, and exit within the grace period.
let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "server.stopping", signal }));
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, shutdownGraceMs).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
