import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { isOpenStaffPath, isStaffPath, safeNext, STAFF_PATHS } from "~/staff/paths";
import { endCookie, type SessionLookup } from "~/staff/session.server";
import { log } from "~/utils/log.server";

export type StaffGate = {
  check(cookieHeader: string | undefined, meta: { address?: string; userAgent?: string }): Promise<SessionLookup>;
  /** The client's address as the staff area records and limits it (the trusted proxy's header,
   * else the socket's), the same for the guard as for the routes. */
  clientAddress(header: (name: string) => string | undefined, socketAddress: string | undefined): string;
  /** The most a staff form's body may hold (the one body reader's bound). */
  formBytes: number;
  secure: boolean;
  /** Hourly: the staff tables' chores, and the audit entry for what retention erased. */
  chores(erased?: number): Promise<void>;
};

/** The one guard of the staff area, before Remix: every request whose path the router would
 * read as under /staff (any case, escapes, dot segments, `.data`) needs a valid session, checked
 * in the database, except the few open pages (sign-in, invitation, the passkey ceremonies, the
 * language). Without one: a GET for a page is sent to sign in (and back here after), as when a
 * session ran out; a cookie that names no session (forged, signed out, removed) and anything
 * else gets 401. Whatever it answers, a staff response is never stored (`no-store`), never
 * indexed, sends no Referer out of the area, and lives in a browsing context group of its own
 * (Cross-Origin-Opener-Policy). A POST must say it comes from this site (Origin
 * or Sec-Fetch-Site), and one that declares a body larger than any staff form is refused (413)
 * before anything else, session or not; a body that does not declare its length meets the same
 * bound in the route's reader. The member found is handed to the loaders and actions in the load
 * context (requireStaff in app/staff). */
export function staffGuard(gate: StaffGate): RequestHandler {
  return (req, res, next) => {
    const path = req.url.split("?")[0] ?? "/";
    if (!isStaffPath(path)) return next();
    onHeaders(res, () => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      // Staff addresses carry searches and e-mail addresses: they never leave in a Referer.
      res.setHeader("Referrer-Policy", "same-origin");
      // Its own browsing context group: no window of another site keeps a handle on it.
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    });
    if (req.method === "POST" && !req.get("origin") && req.get("sec-fetch-site") !== "same-origin") {
      res.status(403).type("html").send(refusal(403));
      return;
    }
    if (req.method === "POST" && Number(req.get("content-length")) > gate.formBytes) {
      res.status(413).type("html").send(refusal(413));
      return;
    }
    const meta = {
      address: gate.clientAddress((name) => req.get(name), req.socket.remoteAddress),
      userAgent: req.get("user-agent")?.slice(0, 300),
    };
    gate.check(req.get("cookie"), meta).then(
      (found) => {
        if (found.state === "valid") {
          res.locals.staff = found.staff;
          return next();
        }
        // A cookie that names no session (signed out, removed, forged): the browser forgets it.
        if (found.state === "refused") res.append("Set-Cookie", endCookie({ secure: gate.secure }));
        if (isOpenStaffPath(path)) return next();
        const wanted = safeNext(req.url);
        const query = wanted === STAFF_PATHS.home ? "" : `?next=${encodeURIComponent(wanted)}`;
        // No session, or one that ran out (idle, too old): a page is sent to sign in. A cookie
        // that names no session at all (signed out elsewhere, removed, forged) gets a 401 page
        // that says so, as does anything that is not a page.
        const page = (req.method === "GET" || req.method === "HEAD") && !path.endsWith(".data");
        const ranOut = found.state === "refused" && (found.reason === "idle" || found.reason === "expired");
        if (page && (found.state === "none" || ranOut)) {
          res.redirect(303, `${STAFF_PATHS.signIn}${query}${ranOut ? `${query ? "&" : "?"}ended=1` : ""}`);
          return;
        }
        res
          .status(401)
          .type("html")
          .send(refusal(401, `${STAFF_PATHS.signIn}${query}`));
      },
      (error: unknown) => {
        log("error", "staff.guard_unavailable", {
          error: (error as { code?: string }).code ?? String(error).slice(0, 200),
        });
        res.status(503).set("Retry-After", "5").type("html").send(refusal(503));
      },
    );
  };
}

const TEXT: Record<number, { title: string; en: string; hr: string }> = {
  401: {
    title: "Sign in",
    en: "Your session has ended or you are not signed in.",
    hr: "Vaša sesija je završila ili niste prijavljeni.",
  },
  413: {
    title: "Too large",
    en: "That is more than a staff form holds.",
    hr: "To je više nego što obrazac za osoblje može primiti.",
  },
  403: {
    title: "Refused",
    en: "This request did not come from a page of this site.",
    hr: "Ovaj zahtjev nije poslan sa stranice ovog weba.",
  },
  503: {
    title: "Unavailable",
    en: "The staff area cannot reach its database just now. Try again in a moment.",
    hr: "Prostor za osoblje trenutačno ne može doći do baze podataka. Pokušajte ponovno za trenutak.",
  },
};

/** A short page for what the guard refuses, in both languages (no session: no preference known). */
function refusal(status: 401 | 403 | 413 | 503, signIn: string = STAFF_PATHS.signIn): string {
  const t = TEXT[status]!;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} ${t.title}</title><link rel="stylesheet" href="/staff.css"></head><body class="staff-plain"><main><h1>${t.title}</h1><p>${t.en}</p><p lang="hr">${t.hr}</p><p><a href="${signIn.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">Sign in · Prijava</a></p></main></body></html>`;
}
