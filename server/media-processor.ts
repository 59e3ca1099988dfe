import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { log } from "~/utils/log.server";
import type { Processor } from "~/site/media-queue.server";
import type { Processed } from "~/site/process-photo.server";

type Answer = { id: number; ok: true; result: Processed } | { id: number; ok: false; error: string };

/** At nice 19 the server's thread still gets a core while photos are processed (docs/performance.md); a job in flight when
 * the child stops fails, and the owner uploads again. */
export function childProcessor(workerFile: string): Processor & { stop(): void } {
  let child: ChildProcess | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (p: Processed) => void; reject: (e: Error) => void }>();

  function start(): ChildProcess {
    if (child && child.exitCode === null && child.connected) return child;
    const started = fork(workerFile, [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
    try {
      setPriority(started.pid!, 19);
    } catch (error) {
      log("warn", "site.worker_priority", { error: String(error).slice(0, 200) });
    }
    started.on("message", (answer: Answer) => {
      const job = waiting.get(answer.id);
      if (!job) return;
      waiting.delete(answer.id);
      if (answer.ok) job.resolve(revive(answer.result));
      else job.reject(new Error(answer.error));
    });
    started.on("exit", (code) => {
      if (child === started) child = undefined;
      for (const [id, job] of waiting) {
        waiting.delete(id);
        job.reject(new Error(`the media worker stopped (${code})`));
      }
    });
    child = started;
    return started;
  }

  const processor = (bytes: Buffer, { maxPixels }: { maxPixels: number }) =>
    new Promise<Processed>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      start().send({ id, bytes, maxPixels });
    });
  return Object.assign(processor, { stop: () => child?.kill() });
}

const revive = (p: Processed): Processed => ({
  ...p,
  files: p.files.map((f) => ({ ...f, body: Buffer.from(f.body.buffer, f.body.byteOffset, f.body.byteLength) })),
});
