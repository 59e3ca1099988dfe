// How long a body may take (docs/decisions/0042-slow-uploads.md): Node's `requestTimeout` cannot differ per request.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { SITE } from "~/i18n/site";
import { STAFF_PATHS } from "~/staff/paths";
import { log } from "~/utils/log.server";

export type UploadLimits = {
  /** No byte for this long: the upload has stalled. */
  idleMs: number;
  /** Fewer bytes a second than this, averaged over `windowMs`: too slow to finish. */
  minRate: number;
  windowMs: number;
  /** However it goes, an upload ends by then. */
  maxMs: number;
};

export type UploadEnd = "stalled" | "slow";

type Upload = { started: number; lastBytes: number; lastMove: number; samples: [number, number][] };
type Watched = { req: IncomingMessage; res: ServerResponse; start: number; upload?: Upload };

// Node's own answer to a request that took too long, byte for byte.
const WHOLE_REQUEST_TIMEOUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/** Every body within `wholeMs` of the connection's last answer; an upload let through `allowSlowUpload` while it moves,
 * ended by a 408 that says why. Read from the socket's byte count: nothing listens to the body. */
export function bodyLimits(
  server: Pick<Server, "on">,
  { wholeMs, upload, checkEveryMs = 1_000 }: { wholeMs: number; upload: UploadLimits; checkEveryMs?: number },
) {
  const lastAnswer = new WeakMap<Socket, number>();
  const watched = new Map<IncomingMessage, Watched>();
  server.on("connection", (socket: Socket) => lastAnswer.set(socket, performance.now()));

  const check = () => {
    const now = performance.now();
    for (const w of watched.values()) {
      const { req, res } = w;
      if (req.complete || req.socket.destroyed) {
        watched.delete(req);
      } else if (w.upload) {
        // Answered before the body was read (a refusal): the lingering drain bounds the rest (server/app.ts).
        if (res.headersSent) watched.delete(req);
        else {
          const end = judge(w.upload, req, now, upload);
          if (end) endUpload(w, end, now);
        }
      } else if (now - w.start >= wholeMs) {
        watched.delete(req);
        if (!res.headersSent) req.socket.write(WHOLE_REQUEST_TIMEOUT);
        req.socket.destroy();
      }
    }
  };
  const timer = setInterval(check, checkEveryMs);
  timer.unref();

  const endUpload = (w: Watched, end: UploadEnd | "cap", now: number) => {
    const { req, res } = w;
    watched.delete(req);
    const reason: UploadEnd = end === "cap" ? "slow" : end;
    log("warn", "http.upload_ended", {
      requestId: res.getHeader("X-Request-Id"),
      reason: end,
      bytes: req.socket.bytesRead,
      ms: Math.round(now - w.upload!.started),
    });
    req.socket.write(uploadTimeout(req, res, reason));
    // As Node's own 408: the upload's handler sees its body end unfinished, and stores nothing.
    req.socket.destroy();
  };

  return {
    /** Every request, as it arrives. */
    watch(req: IncomingMessage, res: ServerResponse) {
      const start = lastAnswer.get(req.socket) ?? performance.now();
      watched.set(req, { req, res, start });
      res.once("finish", () => {
        watched.delete(req);
        lastAnswer.set(req.socket, performance.now());
      });
      res.once("close", () => watched.delete(req));
    },
    /** A request whose sender is known (a staff session allowed to upload) may take longer while it moves. */
    allowSlowUpload(req: IncomingMessage) {
      const w = watched.get(req);
      if (!w || w.upload) return;
      const now = performance.now();
      const bytes = req.socket.bytesRead;
      w.upload = { started: now, lastBytes: bytes, lastMove: now, samples: [[now, bytes]] };
    },
    stop: () => clearInterval(timer),
  };
}

/** Whether an upload must end now, and why. Bytes the server has not yet read (its handler is busy) are not the
 * sender's slowness: while some wait, the clocks start again. */
function judge(u: Upload, req: IncomingMessage, now: number, limits: UploadLimits): UploadEnd | "cap" | undefined {
  const bytes = req.socket.bytesRead;
  const held = req.readableLength > 0;
  if (bytes !== u.lastBytes || held) {
    u.lastBytes = bytes;
    u.lastMove = now;
  }
  if (held) u.samples = [];
  u.samples.push([now, bytes]);
  while (u.samples.length > 1 && now - u.samples[1]![0] >= limits.windowMs) u.samples.shift();
  if (now - u.started >= limits.maxMs) return "cap";
  if (now - u.lastMove >= limits.idleMs) return "stalled";
  const [since, from] = u.samples[0]!;
  if (now - since >= limits.windowMs && ((bytes - from) * 1000) / (now - since) < limits.minRate) return "slow";
  return undefined;
}

const NOT_CARRIED = new Set(["content-type", "content-length", "transfer-encoding", "connection", "cache-control"]);

/** A 408 the page's script reads (`{error}`), or a page in both languages for the plain form. Written to the socket
 * as Node writes its own, with the headers the request gathered so far (the security headers). */
function uploadTimeout(req: IncomingMessage, res: ServerResponse, reason: UploadEnd): string {
  const json = (req.headers.accept ?? "").includes("application/json");
  const body = json ? JSON.stringify({ error: reason }) : uploadTimeoutPage(reason, backTo(req.headers.referer));
  const lines = [
    "HTTP/1.1 408 Request Timeout",
    `Content-Type: ${json ? "application/json" : "text/html"}; charset=utf-8`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
  ];
  for (const name of res.getHeaderNames()) {
    if (NOT_CARRIED.has(name)) continue;
    const value = res.getHeader(name);
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${String(v)}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Back to the gallery the form was on: the path of a same-site Referer under the Site section, else the section. */
function backTo(referer: string | undefined): string {
  try {
    const path = new URL(referer ?? "").pathname;
    if (/^\/staff\/site\/[a-z]+$/.test(path)) return path;
  } catch {
    /* no Referer, or none a URL can hold */
  }
  return STAFF_PATHS.site;
}

function uploadTimeoutPage(reason: UploadEnd, back: string): string {
  const { en, hr } = { en: SITE.en.uploadEnded, hr: SITE.hr.uploadEnded };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>408 ${en.title}</title><link rel="stylesheet" href="/staff.css"></head><body class="staff-plain"><main><h1>${en.title}</h1><p>${en[reason]}</p><p lang="hr">${hr[reason]}</p><p><a class="staff-button" href="${back}">${en.back} · <span lang="hr">${hr.back}</span></a></p></main></body></html>`;
}
