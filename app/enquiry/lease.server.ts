import { randomUUID } from "node:crypto";
import { open, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { errnoCode, readRegularFile } from "./safe-file.server";

/** Which process delivers from an outbox folder. Every replica stores enquiries, but only the
 * holder of this lease sends them, so replicas may share one volume: no enquiry is sent by
 * two workers at once, and EmailJS's one-per-second pacing holds across replicas.
 *
 * The lease is a file renewed by its holder. Another process takes it over when it has not
 * been renewed for `leaseMs` (the holder died or hung), or at once when it was written by a
 * process on this host that no longer runs (a restart after `kill -9`). */
export type Lease = {
  /** Takes or renews the lease; true while this process holds it. */
  hold(): Promise<boolean>;
  /** Gives it up (on shutdown), so another process takes over without waiting. */
  release(): Promise<void>;
  /** Why the held lease could not be renewed, while that lasts (for /healthz). */
  problem(): string | undefined;
};

type LeaseFile = { owner: string; host: string; pid: number; renewedAt: number };

type LeaseOptions = {
  leaseMs?: number;
  now?: () => number;
  /** Who this process is; tests give several workers in one process identities of their own. */
  identity?: { host: string; pid: number };
};

export function createLease(
  dir: string,
  { leaseMs = 15_000, now = () => Date.now(), identity }: LeaseOptions = {},
): Lease {
  const file = path.join(dir, "delivery.lease");
  const me: Omit<LeaseFile, "renewedAt"> = {
    owner: randomUUID(),
    ...(identity ?? { host: hostname(), pid: process.pid }),
  };
  let held = false;
  let renewedAt = 0;
  let renewalError: string | undefined;

  // Absent, half-written by a process that died while writing it, or not a lease at all (a
  // link, a FIFO: never followed or waited on): then it is anybody's to take.
  const read = async (): Promise<LeaseFile | undefined> => {
    const text = await readRegularFile(file, 4096);
    if (!text.ok) return undefined;
    try {
      const lease = JSON.parse(text.text) as Partial<LeaseFile>;
      return typeof lease.owner === "string" && typeof lease.renewedAt === "number" ? (lease as LeaseFile) : undefined;
    } catch {
      return undefined;
    }
  };

  const isStale = (lease: LeaseFile) => {
    if (now() - lease.renewedAt > leaseMs) return true;
    if (lease.host !== me.host) return false;
    // Same host and pid but another owner: most likely an earlier life of this process (a
    // container's PID 1 after a restart): stale once it has missed a renewal. Another pid on
    // this host is stale as soon as it no longer runs.
    if (lease.pid === me.pid) return now() - lease.renewedAt > leaseMs / 2;
    if (identity) return false;
    try {
      process.kill(lease.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  };

  async function create(): Promise<boolean> {
    try {
      const handle = await open(file, "wx", 0o600);
      const at = now();
      try {
        await handle.writeFile(JSON.stringify({ ...me, renewedAt: at }));
      } finally {
        await handle.close();
      }
      renewedAt = at;
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  }

  return {
    async hold() {
      if (held) {
        const lease = await read();
        if (lease?.owner !== me.owner) {
          held = false; // taken over while this process was stalled
          return false;
        }
        if (now() - renewedAt > leaseMs / 3) {
          const tmp = `${file}.${me.owner}`;
          const at = now();
          try {
            await writeFile(tmp, JSON.stringify({ ...me, renewedAt: at }), { mode: 0o600 });
            await rename(tmp, file);
            renewedAt = at; // renewed only once it is written
            renewalError = undefined;
          } catch (error) {
            await rm(tmp, { force: true }).catch(() => {});
            renewalError = errnoCode(error);
            // Still ours until it could be taken over; stop sending well before that.
            return now() - renewedAt < leaseMs / 2;
          }
        }
        return true;
      }
      if (await create()) return (held = true);
      const lease = await read();
      if (lease && !isStale(lease)) return false;
      // Only one of several processes can rename the stale lease away; that one creates anew.
      const stale = `${file}.stale.${me.owner}`;
      try {
        await rename(file, stale);
      } catch {
        return false;
      }
      await rm(stale, { recursive: true, force: true });
      return (held = await create());
    },

    problem() {
      return held && renewalError ? `delivery lease cannot be renewed (${renewalError})` : undefined;
    },

    async release() {
      if (!held) return;
      held = false;
      if ((await read())?.owner === me.owner) await rm(file, { force: true });
    },
  };
}
