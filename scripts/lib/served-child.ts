// A script's server on a fixed port: started on a free port only, ended with the script even when that fails.
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export const portIsFree = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const probe = createServer()
      .once("error", (error) => reject(new Error(`port ${port} is taken (a server left running?): ${error.message}`)))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });

export function endsWithThisProcess(child: ChildProcess) {
  const end = () => child.kill();
  process.once("exit", end);
  child.once("exit", () => process.off("exit", end));
}
