import { isDatabaseFault, type Queryable, type Sql } from "./sql.server";

type Waiting<I> = {
  item: I;
  bytes: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type GroupCommitOptions<I, O> = {
  transaction: Sql["transaction"];
  /** One item's writes (an accept: an enquiry and its deliveries), in a transaction it shares
   * with others; what it returns is given to its caller once that transaction has committed. */
  one: (tx: Queryable, item: I) => Promise<O>;
  /** The same writes for several items at once, in as few statements (round trips, on
   * PostgreSQL) as it can; optional. When one of its statements fails for a reason that may be
   * one item's (a constraint, a trigger's refusal: anything but the database's own fault), its
   * transaction is rolled back and the batch goes again item by item, so that only the item at
   * fault fails. */
  many?: (tx: Queryable, items: I[]) => Promise<O[]>;
  /** At most this many items share a transaction (the write lock is held for all of them). */
  maxUnits?: number;
  /** …and at most about this many bytes of their data (one larger item still goes, alone). */
  maxBytes?: number;
  /** Called after each commit with how many items it made durable (for /metrics). */
  onCommit?: (units: number) => void;
};

/** Where items share a savepoint's name: one at a time, so one name serves. */
const SAVEPOINT = "accept_unit";

/** A statement of `many` failed for what may be one item's fault: the batch goes again item by item. */
class OneByOne extends Error {}

/** Group commit (docs/decisions/0028-group-commit.md): items that arrive while a transaction is
 * being committed wait, and the next transaction takes all of them (bounded), so a burst costs one
 * commit, one fsync, per batch instead of per visitor, and with `many` a few statements per batch
 * instead of several per visitor. Nothing sleeps: an item alone is started in the same turn of
 * the event loop (after the I/O already read in it, setImmediate), so one POST alone waits for
 * nobody. Item by item, each runs in a savepoint: one that throws (a constraint it breaks) is
 * undone and fails alone, the others commit. A commit that fails fails every item in it, and none
 * of them is stored. */
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

  /** The oldest waiting items, up to the bounds (the first always). */
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

  /** The batch's outcomes once committed: all at once where `many` can, else item by item. */
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
    /** Writes `item` in the next shared transaction; resolves once that has committed. `bytes`:
     * about how much it writes (the batch's bound). */
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
  // Alone, an item needs no savepoint: its failure is the transaction's.
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
        // The transaction itself is gone (SQLite rolls it all back on a full disk or an I/O
        // error; a PostgreSQL connection dropped): every item in it fails, with this cause.
        throw error;
      }
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
