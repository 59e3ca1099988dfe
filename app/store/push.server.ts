import { createECDH, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { TableRow } from "./schema.server";
import { isoTime, type Queryable, type Sql } from "./sql.server";

export const PUSH_CHANNEL = "push";

export type PushKeys = { publicKey: string; privateKey: string };

export function newPushKeys(): PushKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().subarray(-32).toString("base64url").padStart(43, "A"),
  };
}

/** A second replica asking at the same moment keeps the first one's. */
export async function pushKeys(sql: Sql, configured?: PushKeys): Promise<PushKeys> {
  if (configured) return configured;
  const read = async () =>
    (
      await sql.all<Pick<TableRow<"push_keys">, "public_key" | "private_key">>(
        "SELECT public_key, private_key FROM push_keys",
      )
    )[0];
  let row = await read();
  if (!row) {
    const made = newPushKeys();
    await sql.run(
      "INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING",
      [made.publicKey, made.privateKey, new Date().toISOString()],
    );
    row = (await read())!;
  }
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** An HMAC under a key only the server holds, inside the encrypted payload: nobody else can make one for a device. */
export function receiptToken(keys: PushKeys, enquiryId: string, deviceId: string): string {
  const key = createHash("sha256").update(`push-receipt:${keys.privateKey}`).digest();
  return createHmac("sha256", key).update(`${enquiryId}.${deviceId}`).digest("base64url").slice(0, 32);
}

export function receiptValid(keys: PushKeys, enquiryId: string, deviceId: string, token: string): boolean {
  const expected = Buffer.from(receiptToken(keys, enquiryId, deviceId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A test alert's receipt names no enquiry but its send time (whole seconds, in the id's last
 * group): the token covers it, so a receipt is accepted only within TEST_RECEIPT_MS of its test. */
const TEST_ALERT_PREFIX = "00000000-0000-4000-8000-";
const TEST_RECEIPT_MS = 10 * 60_000;

export const testAlertId = (atMs: number) =>
  `${TEST_ALERT_PREFIX}${Math.floor(atMs / 1000)
    .toString(16)
    .padStart(12, "0")}`;

/** A test alert's send time; undefined: not a test alert's id; false: one too old (or from the future) to count. */
export function testAlertSent(id: string, nowMs: number): string | false | undefined {
  if (!id.startsWith(TEST_ALERT_PREFIX)) return undefined;
  const sentMs = parseInt(id.slice(TEST_ALERT_PREFIX.length), 16) * 1000;
  return sentMs <= nowMs + 60_000 && nowMs - sentMs <= TEST_RECEIPT_MS && new Date(sentMs).toISOString();
}

/** One of this person's devices, to send it a test alert. */
export async function deviceOf(
  sql: Queryable,
  memberId: string,
  deviceId: string,
): Promise<(AlertDevice & { name: string }) | undefined> {
  const [row] = await sql.all<Pick<TableRow<"push_devices">, "name" | "endpoint" | "p256dh" | "auth" | "language">>(
    "SELECT name, endpoint, p256dh, auth, language FROM push_devices WHERE id = $1 AND member_id = $2",
    [deviceId, memberId],
  );
  return row && { deviceId, memberId, ...row };
}

export const noteReached = (sql: Queryable, deviceId: string, at: string) =>
  sql.run("UPDATE push_devices SET last_reached_at = $2 WHERE id = $1", [deviceId, at]);

/** A device showed a test alert: stamped with the test's send time (a replayed receipt cannot
 * move it later), it is not stale until three alerts after the test go unconfirmed (push-watch). */
export const confirmTest = async (sql: Queryable, deviceId: string, sentAt: string) =>
  (await sql.run(
    "UPDATE push_devices SET last_confirmed_at = $2 WHERE id = $1 AND (last_confirmed_at IS NULL OR last_confirmed_at < $2)",
    [deviceId, sentAt],
  )) > 0;

/** A person's sessions revoked (a lost phone), or a reset: their alerts stop too. */
export const removeDevicesOf = (sql: Queryable, memberId: string) =>
  sql.run("DELETE FROM push_devices WHERE member_id = $1", [memberId]);

export async function hasPushDevices(tx: Queryable): Promise<boolean> {
  return (await tx.all("SELECT 1 AS one FROM push_devices LIMIT 1")).length > 0;
}

export async function insertPushSends(tx: Queryable, enquiryIds: readonly string[]): Promise<void> {
  if (!enquiryIds.length) return;
  // SQLite reads ON CONFLICT after a SELECT with a WHERE as the upsert's, as PostgreSQL does.
  await tx.run(
    `INSERT INTO push_alerts (enquiry_id, device_id, state)
       SELECT e.id, p.id, 'pending' FROM enquiries e CROSS JOIN push_devices p
        WHERE e.id IN (${enquiryIds.map((_, i) => `$${i + 1}`).join(", ")})
     ON CONFLICT DO NOTHING`,
    enquiryIds,
  );
}

export type AlertDevice = {
  deviceId: string;
  memberId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  sendingSince?: string;
};

export async function pendingAlertDevices(sql: Queryable, enquiryId: string): Promise<AlertDevice[]> {
  const rows = await sql.all<
    Pick<TableRow<"push_alerts">, "device_id" | "sending_since"> &
      Pick<TableRow<"push_devices">, "member_id" | "endpoint" | "p256dh" | "auth" | "language">
  >(
    `SELECT s.device_id, p.member_id, p.endpoint, p.p256dh, p.auth, p.language, s.sending_since
       FROM push_alerts s JOIN push_devices p ON p.id = s.device_id
      WHERE s.enquiry_id = $1 AND s.state = 'pending' ORDER BY p.created_at, p.id`,
    [enquiryId],
  );
  return rows.map((r) => ({
    deviceId: r.device_id,
    memberId: r.member_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    language: r.language,
    sendingSince: isoTime(r.sending_since),
  }));
}

/** After a kill, the next deliverer knows this one may have been sent. */
export const markSendStarting = (sql: Queryable, enquiryId: string, deviceId: string, at: string) =>
  sql.run("UPDATE push_alerts SET sending_since = $3 WHERE enquiry_id = $1 AND device_id = $2", [
    enquiryId,
    deviceId,
    at,
  ]);

export async function noteSend(
  sql: Sql,
  enquiryId: string,
  deviceId: string,
  outcome: "sent" | "refused" | "pending",
  status: number | undefined,
  at: string,
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.run(
      `UPDATE push_alerts SET state = $3, status = $4, sending_since = NULL,
         sent_at = CASE WHEN $3 = 'sent' THEN $5 ELSE sent_at END
       WHERE enquiry_id = $1 AND device_id = $2`,
      [enquiryId, deviceId, outcome, status ?? null, at],
    );
    if (outcome === "sent") await noteReached(tx, deviceId, at);
  });
}

export async function removeGoneDevice(sql: Sql, deviceId: string, status: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const [device] = await tx.all<Pick<TableRow<"push_devices">, "name" | "member_id">>(
      "SELECT name, member_id FROM push_devices WHERE id = $1",
      [deviceId],
    );
    if (!device) return;
    await tx.run("DELETE FROM push_devices WHERE id = $1", [deviceId]);
    await tx.run(
      `INSERT INTO staff_audit (at, event, outcome, actor_id, subject, detail) VALUES ($1, 'push-device-removed', 'ok', $2, $3, $4)`,
      [new Date().toISOString(), device.member_id, device.name, JSON.stringify({ reason: "gone", status })],
    );
  });
}

export async function confirmSend(sql: Sql, enquiryId: string, deviceId: string): Promise<boolean> {
  const at = new Date().toISOString();
  return sql.transaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE push_alerts SET confirmed_at = $3 WHERE enquiry_id = $1 AND device_id = $2 AND confirmed_at IS NULL`,
      [enquiryId, deviceId, at],
    );
    if (changed) await tx.run("UPDATE push_devices SET last_confirmed_at = $2 WHERE id = $1", [deviceId, at]);
    return changed > 0;
  });
}

export const newDeviceId = () => randomBytes(16).toString("base64url");
export const looksLikeDeviceId = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
