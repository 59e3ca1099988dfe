// `npm run build:server`: the server keeps its packages as imports, shared with the Remix build; the commands, the
// media child and the stand-ins carry theirs but the native ones (decisions 0008, 0051 and 0057).
import { build, type BuildOptions } from "esbuild";

const NODE: BuildOptions = { bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "warning" };

export const PROCESS_OF_ITS_OWN: BuildOptions = {
  ...NODE,
  external: ["better-sqlite3", "sharp", "pg-native"],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await Promise.all([
    build({
      ...NODE,
      packages: "external",
      entryPoints: { start: "server/index.ts" },
      outdir: "build",
    }),
    build({
      ...PROCESS_OF_ITS_OWN,
      entryPoints: {
        outbox: "server/outbox-cli.ts",
        staff: "server/staff-cli.ts",
        "media-worker": "server/media-worker.ts",
        "mocks/index": "mocks/index.ts",
      },
      outdir: "build",
    }),
  ]);
}
