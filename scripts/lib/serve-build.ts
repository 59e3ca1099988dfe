// Starts the production build on a free loopback port for a measuring script; `cwd` serves another folder's build.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { scratchDir } from "./scratch-dir";
import { SERVER_ARGS } from "./server-command";
import { endsWithThisProcess, portIsFree } from "./served-child";
import { untilAnswering } from "./until-answering";

type ServedBuild = { base: string; child: ChildProcess; stop: () => Promise<void> };

export async function serveBuild({
  port,
  env = {},
  logs = false,
  cwd = process.cwd(),
}: {
  port: number;
  env?: Record<string, string>;
  logs?: boolean;
  cwd?: string;
}): Promise<ServedBuild> {
  if (!existsSync(path.join(cwd, "build/start.js"))) throw new Error("No build: run `npm run build` first.");
  await portIsFree(port);
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${path.join(scratchDir("measure"), "site.db")}`,
      ...env,
    },
    stdio: ["ignore", "ignore", logs ? "inherit" : "ignore"],
  });
  endsWithThisProcess(child);
  const base = `http://127.0.0.1:${port}`;
  // Up to 30 s: a start on a busy machine (two cores shared) was seen to take over 10.
  await untilAnswering(`${base}/healthz`, 300, () => child.exitCode !== null);
  return {
    base,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
