// Schema versions that rename what an operator's script may read, on SQLite and PostgreSQL.
import { expect, it } from "vitest";
import { migrate } from "~/store/migrate.server";
import { MIGRATIONS } from "~/store/migrations";
import type { QueueMaker } from "./queue-contract";

const ALERT = "00000000-0000-4000-8000-00000000a1e7";

export function schemaContract(name: string, maker: QueueMaker) {
  it(`${name}: moving up to version 15, what an import quarantined is in \`quarantine\`, and \`set_aside\` still reads it`, async () => {
    const store = await maker.fresh(["email"]);
    await migrate(
      store.sql,
      MIGRATIONS.filter((m) => m.version <= 12),
    );
    await store.sql.run(
      "INSERT INTO set_aside (ref, from_state, reason, at, content) VALUES ($1, 'pending', 'not JSON', $2, $3)",
      ["outbox pending/0001.json", "2026-01-02T03:04:05.000Z", '{"email":"ana@example.com"'],
    );
    await store.prepare();
    expect(await store.quarantined()).toEqual([
      { ref: "outbox pending/0001.json", from: "pending", reason: "not JSON", at: "2026-01-02T03:04:05.000Z" },
    ]);
    expect(await store.inbox.quarantinedMentioning("ana@example.com")).toHaveLength(1);
    const old = await store.sql.all<{ ref: string; reason: string }>("SELECT ref, reason FROM set_aside");
    expect(old).toEqual([{ ref: "outbox pending/0001.json", reason: "not JSON" }]);
    expect(await store.counts()).toMatchObject({ quarantined: 1 });
    await store.insertQuarantined({
      ref: "outbox failed/0002.json",
      from: "failed",
      reason: "x",
      at: "2026-01-03T00:00:00.000Z",
      content: "",
    });
    expect((await store.sql.all("SELECT ref FROM set_aside")).length).toBe(2);
    expect(await store.dismiss("outbox pending/0001.json")).toBe(true);
    expect(await store.sql.all("SELECT ref FROM set_aside")).toEqual([{ ref: "outbox failed/0002.json" }]);
    expect((await store.check()).problems).toEqual([]);
    await store.close();
  });
  it(`${name}: moving up to version 19, each alert is in \`push_alerts\`, and \`push_sends\` still reads and writes it`, async () => {
    const store = await maker.fresh(["email"]);
    await migrate(
      store.sql,
      MIGRATIONS.filter((m) => m.version <= 18),
    );
    const at = "2026-01-02T03:04:05.000Z";
    await store.sql.run(
      `INSERT INTO enquiries (id, received_at, name, email, phone, category, message, follow_up)
         VALUES ($1, $2, 'Ana', 'ana@example.com', '+385 1', 'vip', 'Hi', 'new')`,
      [ALERT, at],
    );
    await store.sql.run(
      "INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, 'o@example.com', 'owner', $2)",
      [ALERT, at],
    );
    await store.sql.run(
      `INSERT INTO push_devices (id, member_id, endpoint, p256dh, auth, name, language, created_at)
         VALUES ('phone', $1, 'https://push.example/1', 'k', 'a', 'Phone', 'en', $2)`,
      [ALERT, at],
    );
    await store.sql.run(
      "INSERT INTO push_sends (enquiry_id, device_id, state, sent_at) VALUES ($1, 'phone', 'sent', $2)",
      [ALERT, at],
    );
    await store.prepare();
    const alerts = () =>
      store.sql.all<{ device_id: string; state: string }>("SELECT device_id, state FROM push_alerts");
    expect(await alerts()).toEqual([{ device_id: "phone", state: "sent" }]);
    expect(await store.sql.all("SELECT device_id, state FROM push_sends")).toEqual([
      { device_id: "phone", state: "sent" },
    ]);
    // An operator's script written against the old name still changes the alert.
    await store.sql.run("UPDATE push_sends SET state = 'refused', status = 410 WHERE device_id = 'phone'");
    expect(await alerts()).toEqual([{ device_id: "phone", state: "refused" }]);
    await store.sql.run("DELETE FROM push_sends WHERE device_id = 'phone'");
    expect(await alerts()).toEqual([]);
    expect((await store.check()).problems).toEqual([]);
    await store.close();
  });
}
