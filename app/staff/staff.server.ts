import type { AppLoadContext } from "@remix-run/node";
import type { Pool } from "pg";
import { clientAddress } from "~/utils/client-address.server";
import type { EnquiryStore } from "~/store/store.server";
import type { AuditEntry } from "~/store/staff-audit.server";
import type { PushPart } from "~/store/push-part.server";
import type { StaffPart } from "~/store/staff-part.server";
import type { InboxPart } from "~/store/inbox-part.server";
import type { VisitsPart } from "~/store/visits.server";
import { cookieSecure, env, siteUrl, staffIdleMs } from "~/utils/env.server";
import type { Env } from "~/utils/env-schema.server";
import { MAX_FORM_BYTES } from "~/utils/form-body.server";
import { log } from "~/utils/log.server";
import { may, type Permission } from "~/utils/permissions";
import { auditSkipped } from "~/utils/metrics.server";
import { createAuditThrottle } from "./audit-throttle.server";
import { createStaffLimits, type StaffLimits } from "./limits.server";
import { relyingParty } from "./passkeys.server";
import { staffLocale } from "./locale.server";
import { isOpenStaffPath, routerPath, STAFF_PATHS } from "./paths";
import type { StaffFrameData } from "./ui/staff-route";
import { lookUpSession, purgeExpired, type SessionLookup, type SessionRules, type StaffMember } from "./session.server";

export const sessionRules: SessionRules = {
  idleMs: staffIdleMs,
  maxMs: env.STAFF_SESSION_MAX_HOURS * 3_600_000,
  secure: cookieSecure,
};
export const rp = relyingParty(siteUrl);
export { siteUrl };

export const inboxStore = (context: AppLoadContext): InboxPart => context.wiring.store.inbox;

/** The visits' daily counts, for the overview's funnel. */
export const visitsStore = (context: AppLoadContext): VisitsPart => context.wiring.store.visits;

export const staffLimits = (context: AppLoadContext): StaffLimits => context.wiring.staff.limits();

/** The staff area's own tables (members, sessions, passkeys, the audit log). */
export const staffStore = (context: AppLoadContext): StaffPart => context.wiring.store.staff;

/** A member's alert devices and their receipts. */
export const pushStore = (context: AppLoadContext): PushPart => context.wiring.store.push;

export function requestMeta(request: Request, context: AppLoadContext) {
  return {
    address: clientAddress(request, context.clientAddress, env.TRUST_PROXY_HEADER),
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? undefined,
  };
}

const refusals = createAuditThrottle({
  perMinute: env.STAFF_AUDIT_REFUSALS_PER_MINUTE,
  skipped: (event) => auditSkipped.inc({ event }),
});

/** A signed-in person's refusal is written in full; one any client can cause without a session (a forged cookie, a
 * made-up invitation) goes through the throttle, so it can't flood the log. */
export async function auditRefusal(tables: StaffPart, entry: AuditEntry, signedIn?: StaffMember): Promise<void> {
  if (signedIn || refusals.admit(entry)) await tables.audit(entry);
}

/** The upload path's body bound; every other staff POST is bound by the form's. */
const uploadBytes = (path: string) =>
  routerPath(path) === STAFF_PATHS.siteUpload ? env.MEDIA_MAX_UPLOAD_MB * 1024 * 1024 : undefined;

/** The staff area's parts over the process's one store, made once by the wiring (app/process/wire.server.ts). */
export function createStaff({
  env: config,
  store,
}: {
  env: Env;
  store: Pick<EnquiryStore, "staff" | "kind" | "where"> & { pool?: Pool };
}) {
  /** Shared by the replicas through the database; made at the first sign-in (SQLite's opens its file). */
  let limits: StaffLimits | undefined;
  const staffLimits = (): StaffLimits =>
    (limits ??= createStaffLimits(
      store.pool ? { pool: store.pool } : store.kind === "sqlite" ? { sqliteFile: store.where } : { memory: true },
      {
        addressMax: config.STAFF_SIGN_IN_MAX,
        accountMax: config.STAFF_ACCOUNT_FAILURES_MAX,
        windowSeconds: config.STAFF_SIGN_IN_WINDOW_SECONDS,
      },
    ));
  /** Asked by server/staff-guard.ts for every /staff request before Remix; a bad cookie is audited, never its value. */
  const gate = {
    async check(
      cookieHeader: string | undefined,
      meta: { address?: string; userAgent?: string },
    ): Promise<SessionLookup> {
      const tables = store.staff;
      const found = await lookUpSession(tables, sessionRules, cookieHeader);
      if (found.state === "refused" && found.reason !== "idle" && found.reason !== "expired")
        await auditRefusal(tables, {
          event: "session-refused",
          outcome: "refused",
          ...meta,
          detail: { reason: found.reason },
        }).catch(() => {});
      return found;
    },
    clientAddress: (header: (name: string) => string | undefined, socketAddress: string | undefined) =>
      clientAddress({ headers: { get: (name) => header(name) ?? null } }, socketAddress, config.TRUST_PROXY_HEADER),
    uploadBytes,
    /** The most a POST to this path may send: the upload's bound, else a form's. */
    bodyBytes: (path: string) => uploadBytes(path) ?? MAX_FORM_BYTES,
    secure: sessionRules.secure,
    /** Hourly; `erased` is what the enquiry retention erased, recorded here in the audit log. */
    async chores(erased = 0) {
      try {
        const tables = store.staff;
        const expired = await purgeExpired(tables, sessionRules);
        const audited = await tables.purgeAudit(config.STAFF_AUDIT_RETENTION_DAYS);
        if (erased)
          await tables.audit({
            event: "retention",
            outcome: "ok",
            detail: { erased, days: config.ENQUIRY_RETENTION_DAYS },
          });
        if (expired || audited) log("info", "staff.chores", { expired, auditPurged: audited });
      } catch (error) {
        log("warn", "staff.chores_failed", { error: (error as { code?: string }).code ?? "error" });
      }
    },
  };
  return { limits: staffLimits, gate };
}

/** Every staff loader and action calls it first: a second lock behind the guard, for a route whose guard entry was
 * forgotten. */
export function requireStaff(request: Request, context: AppLoadContext): StaffMember {
  if (context.staff) return context.staff;
  const url = new URL(request.url);
  throw new Response(null, {
    status: 303,
    headers: {
      Location: `${STAFF_PATHS.signIn}?next=${encodeURIComponent(url.pathname + url.search)}`,
      "Cache-Control": "no-store",
    },
  });
}

/** The rule is app/utils/permissions.ts's; every rule but the Site section's is an owner's. */
export function requireAllowed(request: Request, context: AppLoadContext, permission: Permission): StaffMember {
  const staff = requireStaff(request, context);
  if (!may(staff, permission))
    throw new Response("Only an owner can do this.", { status: 403, headers: { "Cache-Control": "no-store" } });
  return staff;
}

export async function requireSiteEditor(request: Request, context: AppLoadContext): Promise<StaffMember> {
  const staff = requireStaff(request, context);
  if (may(staff, "editSite")) return staff;
  await staffStore(context)
    .audit({
      event: "site-refused",
      outcome: "refused",
      actor: staff,
      subject: new URL(request.url).pathname.slice(0, 200),
      ...requestMeta(request, context),
    })
    .catch(() => {});
  throw new Response("Only an owner, or someone an owner has allowed, may edit the site.", {
    status: 403,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Protects nothing (a child's loader and action run without it): each calls requireStaff itself. */
export async function staffFrame(request: Request, context: AppLoadContext): Promise<StaffFrameData> {
  const member = isOpenStaffPath(new URL(request.url).pathname) ? undefined : context.staff;
  return {
    locale: staffLocale(request),
    staff: member ? { email: member.email, role: member.role, siteEditor: member.siteEditor } : undefined,
    // The badge's count is optional: without it the frame still shows.
    waiting: member
      ? await inboxStore(context)
          .waitingCount({ cap: 1_000 })
          .catch(() => undefined)
      : undefined,
  };
}
