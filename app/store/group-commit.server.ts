import type { Queryable, Sql } from "./sql.server";

/** One accept's writes (an enquiry and its deliveries, whatever later features add), run inside a
 * transaction it shares with others; what it returns is given to its caller once that
 * transaction has committed. */
export type Unit<T> = (tx: Queryable) => Promise<T>;

type Waiting = {
  work: Unit<unknown>;
  bytes: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupCommitOptions = {
  transaction: Sql["transaction"];
  /** At most this many units share a transaction (the write lock is held for all of them). */
  maxUnits?: number;
  /** …and at most about this many bytes of their data (one larger unit still goes, alone). */
  maxBytes?: number;
  /** Called after each commit with how many units it made durable (for /metrics). */
  onCommit?: (units: number) => void;
};

/** Where units share a savepoint's name: one at a time, so one name serves. */
const SAVEPOINT = "accept_unit";

/** Group commit (docs/decisions/0028-group-commit.md): units that arrive while a transaction is
 * being committed wait, and the next transaction takes all of them (bounded), so a burst costs one
 * commit, one fsync, per batch instead of per visitor. Nothing sleeps: a unit alone is started in
 * the same turn of the event loop (after the I/O already read in it, setImmediate), so one POST
 * alone waits for nobody. Each unit runs in a savepoint: one that throws (a constraint it breaks)
 * is undone and fails alone, the others commit. A commit that fails fails every unit in it, and
 * none of them is stored. */
export function groupCommit({ transaction, maxUnits = 100, maxBytes = 1 << 20, onCommit }: GroupCommitOptions) {
  const waiting: Waiting[] = [];
  let busy = false;

  const schedule = () => {
    if (busy) return;
    busy = true;
    setImmediate(() => void flush());
  };

  /** The oldest waiting units, up to the bounds (the first always). */
  function take(): Waiting[] {
    let count = 0;
    let bytes = 0;
    while (count < waiting.length && count < maxUnits) {
      const next = waiting[count]!;
      if (count > 0 && bytes + next.bytes > maxBytes) break;
      bytes += next.bytes;
      count++;
    }
    return waiting.splice(0, count);
  }

  async function flush() {
    const batch = take();
    let outcomes: Outcome[] | undefined;
    try {
      outcomes = await transaction((tx) => runAll(tx, batch));
    } catch (error) {
      for (const unit of batch) unit.reject(error);
    }
    busy = false;
    if (waiting.length) schedule();
    if (!outcomes) return;
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
    onCommit?.(outcomes.filter((o) => o.ok).length);
  }

  return {
    /** Runs `work` in the next shared transaction; resolves once that has committed. `bytes`:
     * about how much it writes (the batch's bound). */
    run<T>(work: Unit<T>, bytes = 0): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, bytes, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function runAll(tx: Queryable, batch: Waiting[]): Promise<Outcome[]> {
  // Alone, a unit needs no savepoint: its failure is the transaction's.
  if (batch.length === 1) return [{ ok: true, value: await batch[0]!.work(tx) }];
  const outcomes: Outcome[] = [];
  for (const unit of batch) {
    await tx.run(`SAVEPOINT ${SAVEPOINT}`);
    try {
      const value = await unit.work(tx);
      await tx.run(`RELEASE ${SAVEPOINT}`);
      outcomes.push({ ok: true, value });
    } catch (error) {
      try {
        await tx.run(`ROLLBACK TO ${SAVEPOINT}`);
        await tx.run(`RELEASE ${SAVEPOINT}`);
      } catch {
        // The transaction itself is gone (SQLite rolls it all back on a full disk or an I/O
        // error; a PostgreSQL connection dropped): every unit in it fails, with this cause.
        throw error;
      }
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
