import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/** Requests the app has no use for get a 4xx here rather than an error deeper down: methods
 * other than GET, HEAD and POST (the Fetch API cannot even represent TRACE), and targets in
 * absolute or authority form (a 500 inside createRemixRequest otherwise). */
export const refuseOddRequests: RequestHandler = (req, res, next) => {
  if (!["GET", "HEAD", "POST"].includes(req.method)) {
    res
      .status(405)
      .set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" })
      .type("text/plain")
      .send("405 Method Not Allowed\n");
    return;
  }
  if (!req.url.startsWith("/") || req.url.startsWith("//")) {
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send("400 Bad Request\n");
    return;
  }
  next();
};

/** A fresh CSP nonce per response, for Remix's inline scripts (passed on in the load context). */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** Security headers on every response. Scripts run only from our origin or with this
 * response's nonce, so neither 'unsafe-inline' nor 'unsafe-eval' is allowed for scripts. */
export function securityHeaders({ production, noIndex }: { production: boolean; noIndex: boolean }): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce as string}'`],
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
  });
  const more: RequestHandler = (_req, res, next) => {
    // Staging (ROBOTS_NOINDEX): every response asks search engines not to index it.
    if (noIndex) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader(
      "Permissions-Policy",
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    );
    next();
  };
  return [headers, more];
}

/** A browser's POST from another site carries that site's Origin: refuse it with 403 here,
 * where Remix's own check would throw and answer 500. Hosts are compared as Remix does
 * (X-Forwarded-Host, else Host), not schemes: TLS usually ends at a proxy in front of us.
 * Requests without Origin (old browsers, scripts) pass on. */
export const sameOriginPosts: RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  if (origin === undefined || req.method === "GET" || req.method === "HEAD") return next();
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    /* unparsable: treated as foreign */
  }
  if (originHost && originHost === host) return next();
  res
    .status(403)
    .set("Cache-Control", "private, no-store")
    .type("text/plain")
    .send("403 Forbidden: this form can only be sent from our own site.\n");
};
