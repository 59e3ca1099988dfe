// `npm run build:server`: each process carries its packages but the native ones; the server the Remix build (0063).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type BuildOptions, type BuildResult, type Plugin } from "esbuild";

export const PROCESS_OF_ITS_OWN: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  external: ["better-sqlite3", "sharp", "pg-native"],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
};

/** `virtual:remix/server-build` (server/app-build.ts) is the build `remix vite:build` just wrote. */
const remixBuild: Plugin = {
  name: "remix-server-build",
  setup: (esbuild) =>
    esbuild.onResolve({ filter: /^virtual:remix\/server-build$/ }, () => ({
      path: path.resolve("build/server/index.js"),
    })),
};

const asciiOnly = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

async function writeAscii({ outputFiles = [] }: BuildResult) {
  for (const file of outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, asciiOnly(file.text));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await Promise.all([
    build({
      ...PROCESS_OF_ITS_OWN,
      external: [...PROCESS_OF_ITS_OWN.external!, "vite"],
      plugins: [remixBuild],
      write: false,
      entryPoints: { start: "server/index.ts" },
      outdir: "build",
    }),
    build({
      ...PROCESS_OF_ITS_OWN,
      write: false,
      entryPoints: {
        outbox: "server/outbox-cli.ts",
        staff: "server/staff-cli.ts",
        "media-worker": "server/media-worker.ts",
        "mocks/index": "mocks/index.ts",
      },
      outdir: "build",
    }),
  ]);
  await Promise.all(built.map(writeAscii));
}
