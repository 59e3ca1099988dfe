// A throwaway PostgreSQL cluster for tests and measurements. initdb refuses root, so as root it runs as the `postgres`
// user the Debian package creates (scripts/ensure-debian.sh installs it).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { withChildren } from "../../scripts/lib/process-cpu";

export type PgCluster = {
  url: string;
  port: number;
  urlOf(database: string): string;
  createDatabase(name: string, template?: string): string;
  stop(): void;
  start(): void;
  psql(sql: string, database?: string): string;
  remove(): void;
  pids(): number[];
};

/** Without Debian's server binaries `npm run validate` skips them with one line; `npm test` sets REQUIRE_POSTGRES=1
 * so that a missing server fails instead. */
export function postgresForTests(group: string): boolean {
  try {
    binDir();
    return true;
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === "1") throw error;
    console.log(`skipped: ${group} (PostgreSQL's server binaries are not installed; npm test installs them)`);
    return false;
  }
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], "bin");
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error(
    "PostgreSQL's server binaries (initdb, pg_ctl) are not installed: run `bash scripts/ensure-debian.sh postgresql` (Debian `postgresql`).",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function runner(dir: string) {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  return (tool: string, args: string[]) => {
    const [command, full] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const result = spawnSync(command, full, { encoding: "utf8", cwd: dir });
    if (result.status !== 0)
      throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`.slice(0, 2000));
    return result.stdout;
  };
}

function clusterIn(dir: string, port: number, init: boolean, settings = ""): PgCluster {
  const run = runner(dir);
  const data = path.join(dir, "data");
  if (init) {
    if (userInfo().uid === 0) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 ${settings}`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name, template) {
      cluster.psql(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
      return cluster.urlOf(name);
    },
    start() {
      run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "start"]);
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    psql(sql, database = "postgres") {
      return run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database, "-Atqc", sql]);
    },
    pids() {
      const postmaster = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      return withChildren(postmaster);
    },
    remove() {
      spawnSync(stopArgs(data)[0]!, stopArgs(data).slice(1));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

const stopArgs = (data: string) => [
  ...(userInfo().uid === 0 ? ["runuser", "-u", "postgres", "--"] : []),
  path.join(binDir(), "pg_ctl"),
  "-D",
  data,
  "-m",
  "immediate",
  "-w",
  "stop",
];

export async function startPgCluster(): Promise<PgCluster> {
  const cluster = clusterIn(mkdtempSync(path.join(tmpdir(), "pg-")), await freePort(), true);
  cluster.start();
  return cluster;
}

/** `make` once in a vitest run's folder (vitest.global-setup.ts), by the first worker asking; the others get its value. */
export async function onceInRun<T>(folder: string, name: string, make: () => Promise<T>): Promise<T> {
  const ready = path.join(folder, `${name}.json`);
  try {
    mkdirSync(path.join(folder, name));
  } catch {
    for (let waited = 0; !existsSync(ready); waited += 100) {
      if (waited > 60_000) throw new Error(`${name} in ${folder} was not made`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const { value, error } = JSON.parse(readFileSync(ready, "utf8")) as { value: T; error?: string };
    if (error) throw new Error(error);
    return value;
  }
  try {
    const value = await make();
    writeFileSync(ready, JSON.stringify({ value }));
    return value;
  } catch (error) {
    writeFileSync(ready, JSON.stringify({ error: String(error) }));
    throw error;
  }
}

export async function sharedPgCluster(folder: string): Promise<PgCluster> {
  const dir = path.join(folder, "cluster");
  // No fsync: a killed server keeps what it wrote (the kernel has it); only a machine's crash would lose it.
  const port = await onceInRun(folder, "cluster", async () => {
    const cluster = clusterIn(dir, await freePort(), true, "-c fsync=off");
    cluster.start();
    return cluster.port;
  });
  return { ...clusterIn(dir, port, false, "-c fsync=off"), remove() {} };
}

export function removeSharedPgCluster(folder: string) {
  const data = path.join(folder, "cluster", "data");
  if (existsSync(path.join(data, "postmaster.pid"))) spawnSync(stopArgs(data)[0]!, stopArgs(data).slice(1));
  const gone = `${folder}-removed`;
  renameSync(folder, gone);
  spawn("rm", ["-rf", gone], { detached: true, stdio: "ignore" }).unref();
}
