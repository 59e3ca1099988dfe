// The HTTP server, in every mode: Express around the Remix build, instead of remix-serve
// (docs/decisions/0001-express-instead-of-remix-serve.md). Production: bundled by esbuild into
// build/start.js (`npm run build`), started with `node build/start.js`. Development
// (`npm run dev`): this same file run by tsx, with Vite in middleware mode (server/app-build.ts).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { passGate, warnAboutConfiguration, type Env } from "~/utils/env-schema.server";
import { log } from "~/utils/log.server";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { childProcessor } from "./media-processor";
import { developmentBuild, productionBuild } from "./app-build";

// The one configuration gate, before anything of the app is loaded: a wrong value stops
// start-up here with one message naming each bad variable (exit 1, no stack trace), and the
// app reads what was parsed here. The production server runs in production mode unless told
// otherwise.
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

// A slow or stalled client cannot hold a connection (docs/deploy.md, "Timeouts"): headers
// within 10 s, the whole request within 15 s (Node answers 408), checked every second; an idle
// keep-alive connection is closed after 5 s; a client that stopped reading its answers is
// dropped once its send has not moved for 10 s (Node waits a second period when a write is
// pending: within 20 s).
// Pages already rendered are answered before Express; everything else goes through it.
const server = createServer(
  { headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 1_000, keepAliveTimeout: 5_000 },
  (req, res) => handle(req, res),
);
server.setTimeout(10_000);
server.on("timeout", (socket: Socket) => {
  // Only a stuck send is ended here; a request still arriving gets its 408 from the request
  // timeout, and an idle connection is closed by the keep-alive timeout.
  if (socket.writableLength > 0) socket.destroy();
});
const built = development ? await developmentBuild(server) : await productionBuild();
const { serverQueue, MAX_FORM_BYTES } = built.parts;
if (env.MOCKS) {
  // The EmailJS stand-in is a separate bundle, loaded only now: nothing of it is in this one.
  await import(built.mocksModule);
}
// The database, before the server listens: a file that is not this site's database, is
// damaged or was written by a newer version stops the start here (one line, exit 1), and is
// never written to.
const refused = await serverQueue.open();
if (refused) {
  console.error(refused.refused);
  process.exit(1);
}
const { app, answerFromMemory, watching } = createApp({ built, env, isStopping: () => stopping });
// The published version of the owner's site, read before the first page is served.
await watching;
// Production: photos are processed in a child at the lowest CPU priority (the pages keep the
// cores); development processes them in this process (no bundle of the worker there).
const mediaWorker = development
  ? undefined
  : childProcessor(fileURLToPath(new URL("./media-worker.js", import.meta.url)));
if (mediaWorker) built.parts.siteServer.useProcessor(mediaWorker);
built.parts.siteServer.startProcessing();
handle = (req, res) => answerFromMemory(req, res) || app(req, res);

// "Expect: 100-continue" (curl's way with large bodies): a body larger than any form this site
// takes is not asked for; the app answers 413 at once and the client never sends it.
server.on("checkContinue", (req, res) => {
  const length = Number(req.headers["content-length"]);
  const upload = built.parts.staffGate.uploadBytes?.((req.url ?? "").split("?")[0] ?? "");
  if (length <= (upload ?? MAX_FORM_BYTES)) res.writeContinue();
  server.emit("request", req, res);
});
server.listen(env.PORT, env.HOST, () => {
  log("info", "server.listening", { url: `http://localhost:${env.PORT}`, mode: env.NODE_ENV });
});

// The delivery worker hands stored enquiries to EmailJS (only when EmailJS is configured).
const delivery = serverQueue.startDelivery();
// The chores, shortly after start, then hourly, idempotent on every replica: retention
// (ENQUIRY_RETENTION_DAYS), then the staff area's (expired sessions, challenges and invitations;
// the audit log past STAFF_AUDIT_RETENTION_DAYS; the audit entry for what retention erased).
const chores = () =>
  void serverQueue
    .chores()
    .then((erased) => built.parts.staffGate.chores(erased))
    .then(() => built.parts.siteServer.chores());
setTimeout(chores, 5_000).unref();
setInterval(chores, 3_600_000).unref();

// On SIGTERM/SIGINT stop accepting, let requests in flight finish and the delivery worker
// finish its send in flight (the rest stay pending for the next start), close idle
// keep-alive sockets, and exit within the grace period.
function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log("info", "server.stopping", { signal });
  built.parts.siteServer.stopProcessing();
  mediaWorker?.stop();
  const closed = new Promise((resolve) => server.close(resolve));
  void Promise.all([closed, delivery?.stop()])
    .then(() => serverQueue.close())
    .catch(() => {}) // a database that cannot be closed now changes nothing for the next start
    .then(() => process.exit(0));
  // Connections that finish their last request become idle: close them as they do.
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, env.SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
