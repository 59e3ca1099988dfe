import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import type { Env } from "~/utils/env-schema.server";
import type { Wiring } from "~/process/wire.server";

export type AppBuild = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The build's composition root (app/process/wire.server.ts): the app's own modules, never a second copy. */
  wire: (env: Env) => Wiring;
  inlineStylesheet: (manifest: EntryContext["manifest"], clientDir?: string) => string;
  clientDir?: string;
  devMiddleware?: RequestHandler;
  mocksModule: string;
};

/** An entry edited without its exports stops the start with what is missing, not a request later. */
function entryOf(build: ServerBuild): Pick<AppBuild, "wire" | "inlineStylesheet"> {
  const entry: Record<string, unknown> = { ...build.entry.module };
  const missing = ["wire", "inlineStylesheet"].filter((name) => typeof entry[name] !== "function");
  if (missing.length)
    throw new Error(`The app's build does not export ${missing.join(", ")} from app/entry.server.tsx: rebuild it.`);
  return {
    wire: entry.wire as AppBuild["wire"],
    inlineStylesheet: entry.inlineStylesheet as AppBuild["inlineStylesheet"],
  };
}

export async function productionBuild(): Promise<AppBuild> {
  const build = (await import("virtual:remix/server-build")) as ServerBuild;
  const entry = entryOf(build);
  const clientDir = fileURLToPath(new URL("./client", import.meta.url));
  // Read before the first request (a build without its stylesheet stops here).
  entry.inlineStylesheet(build.assets, clientDir);
  return {
    build,
    ...entry,
    clientDir,
    mocksModule: new URL("./mocks/index.js", import.meta.url).href,
  };
}

/** Vite in middleware mode, as the Epic Stack does: the production pipeline, with the first load's wiring. */
export async function developmentBuild(httpServer: Server): Promise<AppBuild> {
  const vite = await import("vite");
  const dev = await vite.createServer({
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const load = () => dev.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  return {
    build: load,
    ...entryOf(await load()),
    devMiddleware: dev.middlewares as unknown as RequestHandler,
    mocksModule: new URL("../mocks/index.ts", import.meta.url).href,
  };
}
