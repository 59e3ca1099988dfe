import { POSTGRES_TYPES, SQLITE_TYPES, type Migration } from "./migration";

/** Decision 0039: devices, each enquiry's alert per device, and the VAPID keys (made once for every replica). */
const pushLayout = (t: { id: string; time: string }) => `
  CREATE TABLE push_devices (
    id text PRIMARY KEY,
    member_id ${t.id} NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    name text NOT NULL,
    language text NOT NULL,
    created_at ${t.time} NOT NULL,
    last_reached_at ${t.time},
    last_confirmed_at ${t.time}
  );
  CREATE INDEX push_devices_member ON push_devices (member_id);
  CREATE TABLE push_sends (
    enquiry_id ${t.id} NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
    device_id text NOT NULL REFERENCES push_devices (id) ON DELETE CASCADE,
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'refused')),
    sending_since ${t.time},
    sent_at ${t.time},
    confirmed_at ${t.time},
    status integer,
    PRIMARY KEY (enquiry_id, device_id)
  );
  CREATE INDEX push_sends_device ON push_sends (device_id, sent_at);
  CREATE TABLE push_keys (
    id integer PRIMARY KEY CHECK (id = 1),
    public_key text NOT NULL,
    private_key text NOT NULL,
    created_at ${t.time} NOT NULL
  );
`;

export default {
  version: 14,
  name: "web push: staff devices, each enquiry's alert per device, the VAPID keys",
  sqlite: pushLayout(SQLITE_TYPES),
  postgres: pushLayout(POSTGRES_TYPES),
} satisfies Migration;
