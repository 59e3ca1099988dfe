import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import type { ServerQueue } from "~/process/server-queue.server";
import type { ServerMetrics } from "~/utils/metrics.server";
import type { StaffGate } from "./staff-guard";
import type { EnquiryFirst } from "./answer-first";

/** What the HTTP server takes from the app's build: the one copy of the queue, the refusal
 * page and the body bound live there (app/entry.server.tsx re-exports them). */
type AppParts = {
  serverQueue: ServerQueue;
  crossSitePage: (pathname: string) => string;
  MAX_FORM_BYTES: number;
  serverMetrics: ServerMetrics;
  staffGate: StaffGate;
  inlineStylesheet: (manifest: EntryContext["manifest"]) => string;
  /** The contact form's signed time `at` (ms) written into a page (the page cache's copy of each second). */
  stampFormTime: (html: string, at: number) => string;
  /** The contact form's paths and action, for its POST answered before Remix. */
  enquiryFirst: EnquiryFirst;
};

export type AppBuild = {
  /** The Remix build: fixed in production; in development loaded afresh per request (HMR). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  parts: AppParts;
  /** build/client (production): hashed assets, images, icons. */
  clientDir?: string;
  /** Vite's middleware (development): modules, styles, public files, HMR. */
  devMiddleware?: RequestHandler;
  /** Where the EmailJS stand-in's entry is (MOCKS=true). */
  mocksModule: string;
};

/** The parts, checked: a build whose entry lacks one (an entry edited without its re-exports)
 * stops the start with the name of what is missing, instead of failing on a request later. */
function partsOf(build: ServerBuild): AppParts {
  const entry: Record<string, unknown> = { ...build.entry.module };
  const queue = entry.serverQueue as Partial<ServerQueue> | undefined;
  const metrics = entry.serverMetrics as Partial<ServerMetrics> | undefined;
  const missing = [
    (["open", "health", "startDelivery", "chores", "close"] as const).some(
      (part) => typeof queue?.[part] !== "function",
    )
      ? "serverQueue"
      : "",
    typeof entry.crossSitePage !== "function" ? "crossSitePage" : "",
    typeof entry.MAX_FORM_BYTES !== "number" ? "MAX_FORM_BYTES" : "",
    typeof metrics?.observeRequest !== "function" ? "serverMetrics" : "",
    typeof (entry.staffGate as Partial<StaffGate> | undefined)?.check !== "function" ? "staffGate" : "",
    typeof entry.inlineStylesheet !== "function" ? "inlineStylesheet" : "",
    typeof entry.stampFormTime !== "function" ? "stampFormTime" : "",
    typeof (entry.enquiryFirst as Partial<EnquiryFirst> | undefined)?.answer !== "function" ? "enquiryFirst" : "",
  ].filter(Boolean);
  if (missing.length)
    throw new Error(`The app's build does not export ${missing.join(", ")} from app/entry.server.tsx: rebuild it.`);
  return {
    serverQueue: queue as ServerQueue,
    crossSitePage: entry.crossSitePage as AppParts["crossSitePage"],
    MAX_FORM_BYTES: entry.MAX_FORM_BYTES as number,
    serverMetrics: metrics as ServerMetrics,
    staffGate: entry.staffGate as StaffGate,
    inlineStylesheet: entry.inlineStylesheet as AppParts["inlineStylesheet"],
    stampFormTime: entry.stampFormTime as AppParts["stampFormTime"],
    enquiryFirst: entry.enquiryFirst as EnquiryFirst,
  };
}

/** Production: build/server/index.js beside build/start.js (paths relative to this bundle). */
export async function productionBuild(): Promise<AppBuild> {
  const build = (await import(new URL("./server/index.js", import.meta.url).href)) as ServerBuild;
  const parts = partsOf(build);
  // Read before the first request (a build without its stylesheet stops here), and taken out
  // of the manifest before any browser asks for it (app/entry.server.tsx).
  parts.inlineStylesheet(build.assets);
  return {
    build,
    parts,
    clientDir: fileURLToPath(new URL("./client", import.meta.url)),
    mocksModule: new URL("./mocks/index.js", import.meta.url).href,
  };
}

/** Development (`npm run dev`): Vite in middleware mode on this same HTTP server, as the Epic
 * Stack does, so dev runs the production pipeline (gate, CSP, load context, /healthz, the
 * delivery worker) with hot reloading. The app's modules are loaded through Vite: an edit
 * reloads them, and the queue's parts are those of the first load (the worker keeps running;
 * enquiries stored by reloaded modules reach it through the database). */
export async function developmentBuild(httpServer: Server): Promise<AppBuild> {
  const vite = await import("vite");
  const dev = await vite.createServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const load = () => dev.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  return {
    build: load,
    parts: partsOf(await load()),
    devMiddleware: dev.middlewares as unknown as RequestHandler,
    mocksModule: new URL("../mocks/index.ts", import.meta.url).href,
  };
}
