import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** A 4xx here rather than a 500 inside createRemixRequest. */
export const refuseOddRequests: RequestHandler = (req, res, next) => {
  if (!["GET", "HEAD", "POST"].includes(req.method)) {
    res
      .status(405)
      .set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" })
      .type("text/plain")
      .send("405 Method Not Allowed\n");
    return;
  }
  if (!req.url.startsWith("/") || req.url.startsWith("//") || !validHosts(req)) {
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send("400 Bad Request\n");
    return;
  }
  next();
};

// Anything else in Host or X-Forwarded-Host (`[`, `x:99999999999`) makes the adapter's `new URL` throw: a 500.
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_.])?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

function validHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

function validHosts(req: IncomingMessage): boolean {
  const { host } = req.headers;
  if (host !== undefined && !validHost(host)) return false;
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined) return true;
  return (Array.isArray(forwarded) ? forwarded.join(",") : forwarded)
    .split(",")
    .every((entry) => validHost(entry.trim()));
}

/** Cached pages are the same for everyone and cannot carry a per-response nonce: hashes. */
export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  styleHashes = [],
  replyTargets = false,
}: {
  nonce?: string;
  scriptHashes?: string[];
  styleHashes?: string[];
  /** A form's redirect to mailto:, tel: or wa.me is under form-action. */
  replyTargets?: boolean;
}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes],
    "style-src": ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...styleHashes],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...(replyTargets ? ["mailto:", "tel:", "https://wa.me"] : [])],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

export function cspNonce({ reportOnly = false }: { reportOnly?: boolean } = {}): RequestHandler {
  const header = reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      header,
      contentSecurityPolicy({ nonce, replyTargets: req.path.toLowerCase().startsWith("/staff/inbox") }),
    );
    next();
  };
}

/** Computed once at start (helmet's answer does not depend on the request), so cached pages carry them too. */
export function securityHeaderList({
  production,
  noIndex,
}: {
  production: boolean;
  noIndex: boolean;
}): [string, string][] {
  const collected = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string | number) => void collected.set(name, String(value)),
    removeHeader: (name: string) => void collected.delete(name),
  };
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // A cold renderer per arrival cost Lighthouse's phone run 15–25 points; the staff area sets it (decision 0024).
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  collected.set(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  );
  if (noIndex) collected.set("X-Robots-Tag", "noindex, nofollow");
  return [...collected];
}

export function securityHeaders(list: [string, string][]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

/** Remix's own check would throw and answer 500. Hosts compared as Remix does, not schemes (TLS ends at a proxy). */
export function sameOriginPosts(page: (pathname: string) => string): RequestHandler {
  return (req, res, next) => {
    const origin = req.get("origin");
    if (origin === undefined || req.method === "GET" || req.method === "HEAD") return next();
    if (namesThisHost(origin, req)) return next();
    res.status(403).set("Cache-Control", "private, no-store").type("html").send(page(req.path));
  };
}

/** As Remix compares them: the port counts, the scheme does not. "null" is foreign. */
export function namesThisHost(url: string, req: { get(name: string): string | undefined }): boolean {
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  try {
    return url !== "null" && host !== undefined && new URL(url).host === host;
  } catch {
    return false;
  }
}
