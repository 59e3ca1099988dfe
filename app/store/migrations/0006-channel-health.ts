import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** A due time an outage pushed is taken back, so the backlog is due in order (decision 0026). */
const channelHealthLayout = (t: { time: string; json: string }) => `
  ALTER TABLE delivery_pacing ADD COLUMN failing_since ${t.time};
  ALTER TABLE delivery_pacing ADD COLUMN failures integer NOT NULL DEFAULT 0;
  ALTER TABLE delivery_pacing ADD COLUMN next_probe_at ${t.time};
  ALTER TABLE delivery_pacing ADD COLUMN last_failure ${t.json};
  UPDATE deliveries SET due_at = received_at WHERE state = 'pending' AND due_at > received_at;
`;
export default {
  version: 6,
  name: "channel health beside its pacing: up, or failing since when, and the next probe; outage-pushed due times taken back",
  sqlite: channelHealthLayout(SQLITE_TYPES),
  postgres: channelHealthLayout(POSTGRES_TYPES),
} satisfies Migration;
