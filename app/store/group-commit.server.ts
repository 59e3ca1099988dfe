import { isDatabaseFault, type Queryable, type Sql } from "./sql.server";

type Waiting<I> = {
  item: I;
  bytes: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupCommitOptions<I, O> = {
  transaction: Sql["transaction"];
  one: (tx: Queryable, item: I) => Promise<O>;
  /** A statement failing for what may be one item's fault rolls the batch back, and it goes again item by item. */
  many?: (tx: Queryable, items: I[]) => Promise<O[]>;
  maxUnits?: number;
  maxBytes?: number;
  onCommit?: (units: number) => void;
};

const SAVEPOINT = "accept_unit";

class OneByOne extends Error {}

/** Decision 0028: a burst costs one commit (one fsync) per batch. Nothing sleeps: an item alone starts in the same turn
 * of the event loop, so one POST alone waits for nobody. */
export function groupCommit<I, O>({
  transaction,
  one,
  many,
  maxUnits = 100,
  maxBytes = 1 << 20,
  onCommit,
}: GroupCommitOptions<I, O>) {
  const waiting: Waiting<I>[] = [];
  let busy = false;

  const schedule = () => {
    if (busy) return;
    busy = true;
    setImmediate(() => void flush());
  };

  function take(): Waiting<I>[] {
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

  async function commit(batch: Waiting<I>[]): Promise<Outcome[]> {
    const items = batch.map((unit) => unit.item);
    if (many && items.length > 1) {
      try {
        const values = await transaction(async (tx) => {
          try {
            return await many(tx, items);
          } catch (error) {
            throw isDatabaseFault(error) ? error : new OneByOne("an item may be at fault", { cause: error });
          }
        });
        return values.map((value) => ({ ok: true, value }));
      } catch (error) {
        if (!(error instanceof OneByOne)) throw error;
      }
    }
    return transaction((tx) => oneByOne(tx, items, one));
  }

  async function flush() {
    const batch = take();
    let outcomes: Outcome[] | undefined;
    try {
      outcomes = await commit(batch);
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
    run(item: I, bytes = 0): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, bytes, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function oneByOne<I, O>(
  tx: Queryable,
  items: I[],
  one: (tx: Queryable, item: I) => Promise<O>,
): Promise<Outcome[]> {
  if (items.length === 1) return [{ ok: true, value: await one(tx, items[0]!) }];
  const outcomes: Outcome[] = [];
  for (const item of items) {
    await tx.run(`SAVEPOINT ${SAVEPOINT}`);
    try {
      const value = await one(tx, item);
      await tx.run(`RELEASE ${SAVEPOINT}`);
      outcomes.push({ ok: true, value });
    } catch (error) {
      try {
        await tx.run(`ROLLBACK TO ${SAVEPOINT}`);
        await tx.run(`RELEASE ${SAVEPOINT}`);
      } catch {
        // The transaction itself is gone (SQLite rolls it all back on a full disk): every item in it fails.
        throw error;
      }
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
