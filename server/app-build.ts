import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import type { ServerQueue } from "~/process/server-queue.server";
import type { SiteServer } from "~/site/server-part.server";
import type { ServerMetrics } from "~/utils/metrics.server";
import type { StaffGate } from "./staff-guard";
import type { EnquiryFirst } from "./answer-first";

/** The one copy of the queue, the refusal page and the body bound live in the build (app/entry.server.tsx). */
type AppParts = {
  serverQueue: ServerQueue;
  crossSitePage: (pathname: string) => string;
  MAX_FORM_BYTES: number;
  serverMetrics: ServerMetrics;
  staffGate: StaffGate;
  inlineStylesheet: (manifest: EntryContext["manifest"]) => string;
  stampFormTime: (html: string, at: number) => string;
  enquiryFirst: EnquiryFirst;
  siteServer: SiteServer;
};

export type AppBuild = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  parts: AppParts;
  clientDir?: string;
  devMiddleware?: RequestHandler;
  mocksModule: string;
};

/** An entry edited without its re-exports stops the start with what is missing, not a request later. */
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
    typeof (entry.siteServer as Partial<SiteServer> | undefined)?.watch !== "function" ? "siteServer" : "",
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
    siteServer: entry.siteServer as SiteServer,
  };
}

export async function productionBuild(): Promise<AppBuild> {
  const build = (await import(new URL("./server/index.js", import.meta.url).href)) as ServerBuild;
  const parts = partsOf(build);
  // Read before the first request (a build without its stylesheet stops here).
  parts.inlineStylesheet(build.assets);
  return {
    build,
    parts,
    clientDir: fileURLToPath(new URL("./client", import.meta.url)),
    mocksModule: new URL("./mocks/index.js", import.meta.url).href,
  };
}

/** Vite in middleware mode on this same server, as the Epic Stack does: dev runs the production pipeline; the worker
 * keeps the first load's parts (reloaded modules reach it through the database). */
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
