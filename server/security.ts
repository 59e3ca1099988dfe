import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** Requests the app has no use for get a 4xx here rather than an error deeper down: methods
 * other than GET, HEAD and POST (the Fetch API cannot even represent TRACE), targets in
 * absolute or authority form and hosts no URL can hold (a 500 inside createRemixRequest
 * otherwise). */
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

// A host name (letters, digits, hyphens, dots, underscores) or a bracketed IPv6 address, and
// an optional port: what a URL can be built from. Anything else in Host or X-Forwarded-Host
// (`[`, `a b`, `x:99999999999`) would make the Remix adapter's `new URL` throw: a 500 for a
// client's mistake.
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_.])?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

function validHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** Host (when present: HTTP/1.0 may omit it) and every entry of X-Forwarded-Host are hosts. */
function validHosts(req: IncomingMessage): boolean {
  const { host } = req.headers;
  if (host !== undefined && !validHost(host)) return false;
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined) return true;
  return (Array.isArray(forwarded) ? forwarded.join(",") : forwarded)
    .split(",")
    .every((entry) => validHost(entry.trim()));
}

/** The Content-Security-Policy. Scripts run only from our origin, or inline when they carry
 * this response's nonce or match one of the hashes (pages served from the page cache are the
 * same for everyone, so they cannot carry a per-response nonce). Likewise the one inline
 * <style> (the site's stylesheet); style attributes are allowed (an image's placeholder
 * colour). */
export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  styleHashes = [],
  replyTargets = false,
}: {
  nonce?: string;
  scriptHashes?: string[];
  styleHashes?: string[];
  /** The staff area's reply buttons: a POST that records the reply and then sends the browser
   * on to the visitor's mailto:, tel: or wa.me link (a form's redirect is under form-action). */
  replyTargets?: boolean;
}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes],
    // The one stylesheet is inlined in <head>: by its hash, or this response's nonce.
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

/** Whether a request carries a body (one that may be left unread). */
export const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** A fresh CSP nonce per response rendered by Remix (passed on in the load context), and the
 * policy that allows it (only reported, not enforced, in development: see app.ts). */
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

/** The security headers of every response, besides the CSP: helmet's, with our choices, and
 * a Permissions-Policy. Computed once at start (helmet's answer does not depend on the
 * request), so cached pages can be sent with them without running middleware per request.
 * Neither 'unsafe-inline' nor 'unsafe-eval' is allowed for scripts anywhere (see the CSP). */
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
    // HSTS only where the site is served over HTTPS in production.
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // Not on the public pages: it makes the browser open every arrival in a new process (a cold
    // renderer: Lighthouse's phone run lost 15–25 points to it), and those pages hold nothing
    // a window from another site could learn. The staff area sets it (staff-guard.ts).
    // Decision 0024.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  collected.set(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  );
  // Staging (ROBOTS_NOINDEX): every response asks search engines not to index it.
  if (noIndex) collected.set("X-Robots-Tag", "noindex, nofollow");
  return [...collected];
}

/** Sets the security headers (computed once) on every response. */
export function securityHeaders(list: [string, string][]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

/** A browser's POST from another site carries that site's Origin: refuse it with 403 here,
 * where Remix's own check would throw and answer 500. Hosts are compared as Remix does
 * (X-Forwarded-Host, else Host), not schemes: TLS usually ends at a proxy in front of us.
 * Requests without Origin (old browsers, scripts) pass on. The answer is a page in the
 * address's language (`page`), sent before the body is read (then drained: app.ts). */
export function sameOriginPosts(page: (pathname: string) => string): RequestHandler {
  return (req, res, next) => {
    const origin = req.get("origin");
    if (origin === undefined || req.method === "GET" || req.method === "HEAD") return next();
    if (namesThisHost(origin, req)) return next();
    res.status(403).set("Cache-Control", "private, no-store").type("html").send(page(req.path));
  };
}

/** Whether an Origin or Referer names the host this request was sent to (X-Forwarded-Host,
 * else Host, as Remix compares them; the port is part of the host, the scheme is not: TLS
 * usually ends at a proxy in front of us). "null" and anything unparsable are foreign. */
export function namesThisHost(url: string, req: { get(name: string): string | undefined }): boolean {
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  try {
    return url !== "null" && host !== undefined && new URL(url).host === host;
  } catch {
    return false;
  }
}
