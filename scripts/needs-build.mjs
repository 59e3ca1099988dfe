// Refuses, in one line, a command that needs the production build when there is none (a fresh clone).
import { existsSync } from "node:fs";

if (!existsSync("build/start.js") || !existsSync("build/server/index.js")) {
  console.error(`npm run ${process.argv[2] ?? "this"}: there is no production build: run \`npm run build\` first.`);
  process.exit(1);
}
