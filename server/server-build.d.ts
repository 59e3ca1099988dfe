// The Remix build (build/server/index.js), which scripts/build-server.ts bundles into build/start.js.
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/node";
  const build: ServerBuild;
  export = build;
}
