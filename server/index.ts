// Express around the Remix build instead of remix-serve (docs/decisions/0001-express-instead-of-remix-serve.md).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { passGate, warnAboutConfiguration, type Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { bodyLimits } from "./body-limits";
import { developmentBuild, productionBuild } from "./app-build";

// The gate before anything of the app is loaded: a wrong value stops here with one message (exit 1).
process.env.NODE_ENV ??= "production";
let env: Env;
try {
  env = passGate(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
warnAboutConfiguration(env);

const development = env.NODE_ENV === "development";
let stopping = false;
let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};

// A slow or stalled client cannot hold a connection (docs/deploy.md, "Timeouts"); bodyLimits keeps the 15 s.
const server = createServer(
  { headersTimeout: 10_000, requestTimeout: 0, connectionsCheckingInterval: 1_000, keepAliveTimeout: 5_000 },
  (req, res) => {
    limits.watch(req, res);
    handle(req, res);
  },
);
const limits = bodyLimits(server, {
  wholeMs: 15_000,
  upload: {
    idleMs: env.UPLOAD_IDLE_MS,
    minRate: env.UPLOAD_MIN_RATE,
    windowMs: env.UPLOAD_RATE_WINDOW_MS,
    maxMs: env.UPLOAD_MAX_MS,
  },
});
server.setTimeout(10_000);
server.on("timeout", (socket: Socket) => {
  // A request still arriving gets its 408 from bodyLimits; only a stuck send ends here.
  if (socket.writableLength > 0) socket.destroy();
});
const built = development ? await developmentBuild(server) : await productionBuild();
const wiring = built.wire(env);
const { queue, site, staffGate } = wiring.server;
if (env.MOCKS) {
  // A separate bundle, loaded only now: nothing of the stand-ins is in this one.
  await import(built.mocksModule);
}
// A database this site cannot use stops the start here and is never written to.
const refused = await queue.open();
if (refused) {
  console.error(refused.refused);
  process.exit(1);
}
const { app, answerFromMemory, watching } = createApp({
  built,
  wiring,
  env,
  isStopping: () => stopping,
  allowSlowUpload: limits.allowSlowUpload,
});
await watching;
const mediaWorker = development
  ? undefined
  : site.useChild(fileURLToPath(new URL("./media-worker.js", import.meta.url)));
site.startProcessing();
handle = (req, res) => answerFromMemory(req, res) || app(req, res);

// curl's "Expect: 100-continue": a body larger than any form is never asked for (413 at once).
server.on("checkContinue", (req, res) => {
  const length = Number(req.headers["content-length"]);
  if (length <= staffGate.bodyBytes((req.url ?? "").split("?")[0] ?? "")) res.writeContinue();
  server.emit("request", req, res);
});
server.listen(env.PORT, env.HOST, () => {
  log("info", "server.listening", { url: `http://localhost:${env.PORT}`, mode: env.NODE_ENV });
});

const delivery = queue.startDelivery();
wiring.visits.start();
// Hourly, idempotent on every replica.
const chores = () =>
  void queue
    .chores()
    .then((erased) => staffGate.chores(erased))
    .then(() => site.chores())
    .then(() => wiring.visits.chores());
setTimeout(chores, 5_000).unref();
setInterval(chores, 3_600_000).unref();

function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log("info", "server.stopping", { signal });
  site.stopProcessing();
  const childGone = mediaWorker?.stop();
  const closed = new Promise((resolve) => server.close(resolve));
  void Promise.all([closed.then(() => wiring.visits.stop()), delivery?.stop(), childGone])
    .then(() => queue.close())
    .catch(() => {}) // a database that cannot be closed now changes nothing for the next start
    .then(() => process.exit(0));
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, env.SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
