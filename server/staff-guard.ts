import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { isOpenStaffPath, isStaffDownload, isStaffPath, safeNext, STAFF_PATHS } from "~/staff/paths";
import { endCookie, type SessionLookup } from "~/staff/session.server";
import { log } from "~/utils/log.server";
import { namesThisHost } from "./security";

export type StaffGate = {
  check(cookieHeader: string | undefined, meta: { address?: string; userAgent?: string }): Promise<SessionLookup>;
  clientAddress(header: (name: string) => string | undefined, socketAddress: string | undefined): string;
  uploadBytes: (path: string) => number | undefined;
  bodyBytes: (path: string) => number;
  secure: boolean;
  chores(erased?: number): Promise<void>;
};

/** Every path the router would read as under /staff (any case, escapes, dot segments, `.data`) needs a session but the
 * open ones. A POST declaring a body larger than any staff form is refused (413) before anything else. */
export function staffGuard(gate: StaffGate): RequestHandler {
  return (req, res, next) => {
    const path = req.url.split("?")[0] ?? "/";
    if (!isStaffPath(path)) return next();
    onHeaders(res, () => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      res.setHeader("Referrer-Policy", "same-origin");
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    });
    const download = isStaffDownload(path);
    if ((download || (req.method !== "GET" && req.method !== "HEAD")) && !startedHere(req)) {
      log("warn", "staff.cross_site_refused", {
        method: req.method,
        path: path.slice(0, 200),
        site: req.get("sec-fetch-site")?.slice(0, 40),
        origin: req.get("origin")?.slice(0, 200),
      });
      res
        .status(403)
        .type("html")
        .send(refusal(403, STAFF_PATHS.signIn, download ? safeNext(req.url) : undefined));
      return;
    }
    if (req.method === "POST" && Number(req.get("content-length")) > gate.bodyBytes(path)) {
      res
        .status(413)
        .type("html")
        .send(refusal(413, undefined, undefined, gate.uploadBytes(path)));
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
        if (found.state === "refused") res.append("Set-Cookie", endCookie({ secure: gate.secure }));
        if (isOpenStaffPath(path)) return next();
        const wanted = safeNext(req.url);
        const query = wanted === STAFF_PATHS.home ? "" : `?next=${encodeURIComponent(wanted)}`;
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

/** Fetch Metadata where sent, else Origin; a POST with neither is refused (every browser sends one), a download by
 * its Referer. Same-site is not same-origin. */
function startedHere(req: { method: string; get(name: string): string | undefined }): boolean {
  const post = req.method !== "GET" && req.method !== "HEAD";
  const site = req.get("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && (post || site !== "none")) return false;
  const origin = req.get("origin");
  if (origin !== undefined && !namesThisHost(origin, req)) return false;
  if (site !== undefined || origin !== undefined) return true;
  if (post) return false;
  const referer = req.get("referer");
  return referer === undefined || namesThisHost(referer, req);
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

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A download started elsewhere offers the same download: one click of the person's own, from this site. */
function refusal(
  status: 401 | 403 | 413 | 503,
  signIn: string = STAFF_PATHS.signIn,
  download?: string,
  upload?: number,
): string {
  const mb = upload === undefined ? 0 : Math.floor(upload / 1024 / 1024);
  const t =
    upload === undefined
      ? TEXT[status]!
      : {
          title: "Too large",
          en: `Nothing was uploaded: one upload may hold at most ${mb} MB. Send fewer photos at once.`,
          hr: `Ništa nije učitano: jedno učitavanje može imati najviše ${mb} MB. Pošaljite manje fotografija odjednom.`,
        };
  const next = download
    ? `<p><a class="staff-button" href="${attribute(download)}" download>Download it from here · Preuzmite odavde</a></p><p><a href="${STAFF_PATHS.inbox}">Inbox · Sandučić</a></p>`
    : `<p><a href="${attribute(signIn)}">Sign in · Prijava</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} ${t.title}</title><link rel="stylesheet" href="/staff.css"></head><body class="staff-plain"><main><h1>${t.title}</h1><p>${t.en}</p><p lang="hr">${t.hr}</p>${next}</main></body></html>`;
}
