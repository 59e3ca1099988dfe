// Decision 0046: counted in memory, written on a timer and at shutdown; the day's salt never kept past its day.
import { hash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isbot } from "isbot";
import { PAGES, pagePath } from "~/content/pages";
import { DEFAULT_LOCALE } from "~/i18n/locale";
import type { VisitBatch, VisitsPart } from "~/store/visits.server";
import { clientAddress } from "~/utils/client-address.server";
import { log } from "~/utils/log.server";
import { classifySource, deviceOf, isPrefetch } from "~/utils/visit-classify";
import type { Device, VisitSource } from "~/utils/visit-source";

type Page = { page: string; language: string; contact: boolean; keys: Record<Device, string> };
const PAGE_OF = new Map<string, Page>(
  PAGES.map(({ id, locale, path }) => {
    const page = pagePath(id, DEFAULT_LOCALE);
    const key = (device: Device) => `${page}\n${locale}\n${device}`;
    return [
      path,
      {
        page,
        language: locale,
        contact: id === "contact",
        keys: { phone: key("phone"), tablet: key("tablet"), desktop: key("desktop") },
      },
    ];
  }),
);

type Visitor = {
  source: VisitSource;
  device: Device;
  seen: Set<string>;
  fresh: string[];
  contact: boolean;
  sent: boolean;
};
type Headers = IncomingMessage["headers"];
const lastVisitor = Symbol("lastVisitor");
type Connection = {
  remoteAddress?: string;
  [lastVisitor]?: { epoch: number; ua: string; forwarded?: string; id: string };
};

const STAFF_COOKIE = /(?:^|;\s*)(?:__Host-)?staff=/;
/** A bounded day in memory: past it, visitors already written are forgotten (the database still knows them). */
const MAX_VISITORS = 100_000;
const MAX_WAITING = 5_000;
const MAX_CARRIED = 10;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayAfter = (ms: number) => (Math.floor(ms / 86_400_000) + 1) * 86_400_000;
const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : value?.[0]);

export function createVisits({
  store,
  siteUrl,
  trustedHeader,
  flushSeconds,
  retentionDays,
  beacon,
  maxSources = 1_000,
  now = Date.now,
}: {
  store: Pick<VisitsPart, "flush" | "salt" | "firstSource" | "endDaysBefore" | "eraseCountsBefore">;
  siteUrl: string;
  trustedHeader?: string;
  flushSeconds: number;
  retentionDays: number;
  beacon: boolean;
  /** Distinct sources a day past which new ones count as "other": tags are the visitor's to invent. */
  maxSources?: number;
  now?: () => number;
}) {
  const site = new URL(siteUrl).host;
  let day = utcDay(now());
  let dayEnds = dayAfter(now());
  let salt: string | undefined;
  let epoch = 0;
  let saltFor: Promise<string> | undefined;
  let visitors = new Map<string, Visitor>();
  let sources = new Set<string>();
  let views = new Map<string, number>();
  let dirty = new Set<string>();
  const waiting: (() => void)[] = [];
  let carried: VisitBatch[] = [];
  const bots = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  function loadSalt(): Promise<string> {
    const asked = day;
    saltFor ??= store.salt(asked).then(
      (value) => {
        if (asked === day) {
          salt = value;
          epoch++;
          for (const view of waiting.splice(0)) view();
        }
        return value;
      },
      (error: unknown) => {
        saltFor = undefined;
        log("warn", "visits.salt_failed", { error: String((error as { code?: string }).code ?? error).slice(0, 200) });
        throw error;
      },
    );
    return saltFor;
  }

  function takeBatch(): VisitBatch {
    const batch: VisitBatch = { day, views, visitors: [] };
    for (const id of dirty) {
      const v = visitors.get(id);
      if (!v) continue;
      const paths = v.fresh.map((path) => ({
        path,
        page: PAGE_OF.get(path)!.page,
        language: PAGE_OF.get(path)!.language,
      }));
      batch.visitors.push({ hash: id, source: v.source, device: v.device, paths, contact: v.contact && !v.sent });
      v.fresh = [];
      v.sent ||= v.contact;
    }
    views = new Map();
    dirty = new Set();
    return batch;
  }

  function rollOver(at: number) {
    carried.push(takeBatch());
    day = utcDay(at);
    dayEnds = dayAfter(at);
    salt = undefined;
    saltFor = undefined;
    visitors = new Map();
    sources = new Set();
    void loadSalt().catch(() => {});
  }

  function remember(id: string, visitor: Visitor) {
    if (visitors.size >= MAX_VISITORS)
      for (const old of visitors.keys()) {
        if (!dirty.has(old)) {
          visitors.delete(old);
          break;
        }
      }
    visitors.set(id, visitor);
  }

  function view(
    id: string,
    path: string,
    page: Page,
    query: string,
    referrer: string | undefined,
    host: string,
    ua: string,
  ) {
    let visitor = visitors.get(id);
    if (!visitor) {
      let source = classifySource(path, new URLSearchParams(query), referrer, [host, site]);
      const key = `${source.channel}\n${source.medium}\n${source.campaign}\n${source.referrer}\n${source.landing}`;
      if (sources.size < maxSources) sources.add(key);
      else if (!sources.has(key)) source = { channel: "other", landing: source.landing };
      visitor = { source, device: deviceOf(ua), seen: new Set(), fresh: [], contact: false, sent: false };
      remember(id, visitor);
    }
    const key = page.keys[visitor.device];
    views.set(key, (views.get(key) ?? 0) + 1);
    if (visitor.seen.has(path)) return;
    visitor.seen.add(path);
    visitor.fresh.push(path);
    visitor.contact ||= page.contact;
    dirty.add(id);
  }

  const visitorId = (daySalt: string, address: string, ua: string) =>
    hash("sha256", `${daySalt}\n${site}\n${address}\n${ua}`, "base64url");

  const addressOf = (headers: Headers, socket: string | undefined) =>
    clientAddress({ headers: { get: (name) => header(headers[name]) ?? null } }, socket, trustedHeader);

  /** One view of a page as the origin answered it; anything that is not a person's view of a page is left out. */
  function counted(url: string, headers: Headers, socket: Connection) {
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const page = PAGE_OF.get(path);
    if (!page) return;
    const ua = headers["user-agent"];
    if (!ua) return;
    let bot = bots.get(ua);
    if (bot === undefined) {
      if (bots.size >= 1_000) bots.clear();
      bots.set(ua, (bot = isbot(ua)));
    }
    if (bot || isPrefetch(headers)) return;
    const cookie = headers.cookie;
    if (cookie && STAFF_COOKIE.test(cookie)) return;
    const at = now();
    if (at >= dayEnds) rollOver(at);
    const query = q === -1 ? "" : url.slice(q + 1);
    const referrer = header(headers.referer);
    if (salt !== undefined) return view(idOf(headers, socket, ua), path, page, query, referrer, headers.host ?? "", ua);
    const address = addressOf(headers, socket.remoteAddress);
    if (waiting.length < MAX_WAITING)
      waiting.push(() => view(visitorId(salt!, address, ua), path, page, query, referrer, headers.host ?? "", ua));
    void loadSalt().catch(() => {});
  }

  /** A connection's next request is almost always the same visitor's: its id is kept on the connection, for its life. */
  function idOf(headers: Headers, socket: Connection, ua: string): string {
    const forwarded = trustedHeader ? header(headers[trustedHeader]) : undefined;
    const last = socket[lastVisitor];
    if (last && last.epoch === epoch && last.ua === ua && last.forwarded === forwarded) return last.id;
    const id = visitorId(salt!, addressOf(headers, socket.remoteAddress), ua);
    socket[lastVisitor] = { epoch, ua, forwarded, id };
    return id;
  }

  async function flush(): Promise<void> {
    if (waiting.length) await loadSalt().catch(() => {});
    const batches = [...carried, takeBatch()].filter((b) => b.views.size || b.visitors.length);
    carried = [];
    for (const batch of batches)
      await store.flush(batch).catch((error: unknown) => {
        if (carried.length < MAX_CARRIED) carried.push(batch);
        log("warn", "visits.flush_failed", { error: String((error as { code?: string }).code ?? error).slice(0, 200) });
      });
  }

  const flushOnce = () => (flushing ??= flush().finally(() => (flushing = undefined)));

  return {
    /** The page cache's and Express's per-answer hook: one cheap call, nothing awaited. */
    count(req: IncomingMessage, status: number) {
      if (beacon || (status !== 200 && status !== 304) || req.method !== "GET") return;
      counted(req.url ?? "/", req.headers, req.socket as Connection);
    },
    /** The beacon's view: the page's own URL and referrer, as the script read them. */
    countBeacon(pageUrl: string, referrer: string | undefined, headers: Headers, socket: Connection) {
      let url: URL;
      try {
        url = new URL(pageUrl);
      } catch {
        return false;
      }
      counted(`${url.pathname}${url.search}`, { ...headers, referer: referrer }, socket);
      return true;
    },
    /** The first source of this visitor's day, for an enquiry: never from what the POST carries. GPC or DNT: none. */
    async sourceOf(request: Request, socket: string | undefined): Promise<VisitSource | undefined> {
      const ua = request.headers.get("user-agent");
      if (!ua || request.headers.get("sec-gpc") === "1" || request.headers.get("dnt") === "1") return undefined;
      try {
        if (now() >= dayEnds) rollOver(now());
        const id = visitorId(salt ?? (await loadSalt()), clientAddress(request, socket, trustedHeader), ua);
        return visitors.get(id)?.source ?? (await store.firstSource(day, id));
      } catch {
        return undefined;
      }
    },
    start() {
      void loadSalt().catch(() => {});
      timer = setInterval(() => void flushOnce(), flushSeconds * 1000);
      timer.unref();
    },
    /** At shutdown: what is counted is written before the store closes. */
    async stop() {
      clearInterval(timer);
      await flushing;
      await flushOnce();
    },
    flush: flushOnce,
    /** Hourly: counts past their retention erased; a day's salt and visitors gone even if no view asked for a new one. */
    async chores() {
      try {
        const today = utcDay(now());
        await store.endDaysBefore(today);
        await store.eraseCountsBefore(utcDay(now() - retentionDays * 86_400_000));
      } catch (error) {
        log("warn", "visits.chores_failed", {
          error: String((error as { code?: string }).code ?? error).slice(0, 200),
        });
      }
    },
  };
}
