import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { log } from "~/utils/log.server";
import type { MediaWorker } from "./media-queue.server";
import type { NewPhoto } from "~/store/site-photos.server";

/** What the child needs to open the same database and work as this process would (media-child.server.ts). */
export type WorkerSettings = {
  databaseUrl?: string;
  poolMax: number;
  maxPixels: number;
  concurrency: number;
  staleMs?: number;
  sweepMs?: number;
};

export type ToWorker =
  | { type: "start"; settings: WorkerSettings }
  | { type: "kick" }
  | {
      type: "store";
      ref: number;
      photos: (Omit<NewPhoto, "source"> &
        ({ file: string; source?: undefined } | { file?: undefined; source: Uint8Array }))[];
    };
export type FromWorker =
  | { type: "running"; count: number }
  | { type: "done"; id: string; outcome: "ready" | "failed" }
  | { type: "stored"; ref: number; error?: string };

/** The child claims, processes and stores with its own connection; this process hands it files (decision 0043). */
export function childWorker(
  workerFile: string,
  settings: WorkerSettings,
  { execArgv, done }: { execArgv?: string[]; done?: (id: string, outcome: "ready" | "failed") => void } = {},
): MediaWorker & { pid(): number | undefined } {
  let child: ChildProcess | undefined;
  let running = 0;
  let next = 0;
  let stopped = false;
  let spool: string | undefined;
  let spoolFailed = false;
  const idle: (() => void)[] = [];
  const storing = new Map<number, { resolve: () => void; reject: (e: Error) => void; files: string[] }>();
  const settle = () => {
    if (running === 0) idle.splice(0).forEach((resolve) => resolve());
  };

  const alive = () => child !== undefined && child.exitCode === null && child.connected;

  function start(): ChildProcess {
    if (alive()) return child!;
    const started = fork(workerFile, [], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      ...(execArgv ? { execArgv } : {}),
    });
    started.on("message", (message: FromWorker) => {
      if (message.type === "running") {
        running = message.count;
        settle();
      } else if (message.type === "done") done?.(message.id, message.outcome);
      else if (message.type === "stored") {
        const job = storing.get(message.ref);
        if (!job) return;
        storing.delete(message.ref);
        // Read before the answer: a child stopped before its own removal leaves none behind.
        void Promise.all(job.files.map((f) => rm(f, { force: true })));
        if (message.error === undefined) job.resolve();
        else job.reject(Object.assign(new Error(message.error), { code: message.error }));
      }
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = undefined;
      running = 0;
      settle();
      for (const [ref, job] of storing) {
        storing.delete(ref);
        void Promise.all(job.files.map((f) => rm(f, { force: true })));
        job.reject(new Error(`the media worker stopped (${signal ?? code})`));
      }
      if (!stopped) log("warn", "site.worker_stopped", { code, signal });
    });
    started.send({ type: "start", settings } satisfies ToWorker);
    child = started;
    return started;
  }

  const send = (message: ToWorker) => {
    if (!stopped) start().send(message);
  };

  return {
    kick: () => send({ type: "kick" }),
    alive,
    async store(photos) {
      if (stopped) throw new Error("the server is stopping");
      const ref = ++next;
      let files: string[] = [];
      try {
        spool ??= mkdtempSync(path.join(tmpdir(), "site-uploads-"));
        files = photos.map((_, n) => path.join(spool!, `${ref}-${n}`));
        // Private: an owner's photos, with their metadata.
        await Promise.all(photos.map((p, n) => writeFile(files[n]!, p.source, { mode: 0o600 })));
      } catch (error) {
        // A temporary folder that cannot be written (full, read-only): the bytes go in the message instead, copied
        // on this loop, rather than the upload failing.
        await Promise.all(files.map((f) => rm(f, { force: true })));
        if (!spoolFailed) log("warn", "site.upload_spool_unavailable", { error: String(error).slice(0, 200) });
        spoolFailed = true;
        files = [];
      }
      await new Promise<void>((resolve, reject) => {
        if (stopped) {
          void Promise.all(files.map((f) => rm(f, { force: true })));
          return reject(new Error("the server is stopping"));
        }
        storing.set(ref, { resolve, reject, files });
        send({
          type: "store",
          ref,
          photos: photos.map(({ source, ...p }, n) => (files.length ? { ...p, file: files[n]! } : { ...p, source })),
        });
      });
    },
    running: () => running,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    pid: () => child?.pid,
    stop(): Promise<void> {
      stopped = true;
      const last = child;
      const gone =
        last && last.exitCode === null && last.signalCode === null
          ? new Promise<void>((resolve) => last.once("exit", () => resolve()))
          : Promise.resolve();
      last?.kill();
      if (spool) rmSync(spool, { recursive: true, force: true });
      return gone;
    },
  };
}
