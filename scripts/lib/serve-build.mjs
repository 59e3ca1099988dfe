// Starts the production build (node server.js) on a free loopback port for a measuring
// script, waits until /healthz answers, and stops it again.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const PAGES = ["/", "/vip-nightclub-experience", "/event-organization", "/concierge-services", "/contact"];

export async function serveBuild({ port, env = {}, logs = false }) {
  if (!existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      OUTBOX_DIR: path.join(mkdtempSync(path.join(tmpdir(), "measure-outbox-")), "outbox"),
      ...env,
    },
    stdio: ["ignore", "ignore", logs ? "inherit" : "ignore"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error("The server exited while starting.");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}
