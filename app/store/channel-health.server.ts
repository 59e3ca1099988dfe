// Written only by the deliverer, through `asHolder`: a process that lost the right to deliver cannot overwrite it.
import { isoTime, jsonValue, type Queryable, type Sql } from "./sql.server";
import type { ChannelHealth, ChannelState, EnquiryStore } from "./store.server";

type StateRow = {
  channel: string;
  failing_since: unknown;
  failures: unknown;
  next_probe_at: unknown;
  last_failure: unknown;
};

const SELECT_STATE = "SELECT channel, failing_since, failures, next_probe_at, last_failure FROM delivery_pacing";

function stateOf(row: StateRow): ChannelState {
  const failingSince = isoTime(row.failing_since);
  if (!failingSince) return { channel: row.channel, failures: 0 };
  const last = jsonValue(row.last_failure) as ChannelState["lastFailure"] | null | undefined;
  return {
    channel: row.channel,
    failingSince,
    failures: Number(row.failures ?? 0),
    nextProbeAt: isoTime(row.next_probe_at),
    ...(last && typeof last === "object" && typeof last.reason === "string" ? { lastFailure: last } : {}),
  };
}

export function channelHealthOf(
  sql: Sql,
  asHolder: <T>(work: (q: Queryable) => Promise<T>) => Promise<T>,
): Pick<EnquiryStore, "channelHealth" | "channelStates" | "probeNow"> {
  return {
    channelHealth: (channel): ChannelHealth => ({
      async read() {
        const [row] = await sql.all<StateRow>(`${SELECT_STATE} WHERE channel = $1`, [channel]);
        return row ? stateOf(row) : { channel, failures: 0 };
      },
      async save(state) {
        const failing = state.failingSince !== undefined;
        await asHolder(async (q) => {
          // First, so that "up" in the database means the backlog was made due.
          if (!failing)
            await q.run(
              `UPDATE deliveries SET due_at = received_at
                WHERE channel = $1 AND state = 'pending' AND due_at <> received_at
                  AND EXISTS (SELECT 1 FROM delivery_pacing p WHERE p.channel = $1 AND p.failing_since IS NOT NULL)`,
              [channel],
            );
          await q.run(
            `INSERT INTO delivery_pacing (channel, failing_since, failures, next_probe_at, last_failure)
               VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (channel) DO UPDATE SET failing_since = excluded.failing_since, failures = excluded.failures,
               next_probe_at = excluded.next_probe_at, last_failure = excluded.last_failure`,
            [
              channel,
              failing ? state.failingSince : null,
              failing ? state.failures : 0,
              failing ? (state.nextProbeAt ?? null) : null,
              failing && state.lastFailure ? JSON.stringify(state.lastFailure) : null,
            ],
          );
        });
      },
    }),

    async channelStates() {
      return (await sql.all<StateRow>(`${SELECT_STATE} ORDER BY channel`)).map(stateOf);
    },

    async probeNow(channel) {
      const changed = await sql.run(
        "UPDATE delivery_pacing SET next_probe_at = $2 WHERE channel = $1 AND failing_since IS NOT NULL",
        [channel, new Date().toISOString()],
      );
      return changed > 0;
    },
  };
}
