// `push_sends` is now `push_alerts` (an alert is one enquiry to one device, the glossary's word); the old name stays a
// view for an operator's script, writable on both databases as it was (PostgreSQL's simple view is; SQLite's by
// triggers).
import type { Migration } from "./migration";

const RENAME = `
  ALTER TABLE push_sends RENAME TO push_alerts;
`;

const OLD_NAME = `
  CREATE VIEW push_sends AS
    SELECT enquiry_id, device_id, state, sending_since, sent_at, confirmed_at, status FROM push_alerts;
`;

export default {
  version: 19,
  name: "push_sends is push_alerts (the old name a view)",
  sqlite: `${RENAME}${OLD_NAME}
  CREATE TRIGGER push_sends_update INSTEAD OF UPDATE ON push_sends BEGIN
    UPDATE push_alerts SET state = new.state, sending_since = new.sending_since, sent_at = new.sent_at,
      confirmed_at = new.confirmed_at, status = new.status
    WHERE enquiry_id = old.enquiry_id AND device_id = old.device_id;
  END;
  CREATE TRIGGER push_sends_delete INSTEAD OF DELETE ON push_sends BEGIN
    DELETE FROM push_alerts WHERE enquiry_id = old.enquiry_id AND device_id = old.device_id;
  END;`,
  postgres: `${RENAME}
  ALTER TABLE push_alerts RENAME CONSTRAINT push_sends_pkey TO push_alerts_pkey;
  ALTER INDEX push_sends_device RENAME TO push_alerts_device;
  ${OLD_NAME}`,
} satisfies Migration;
