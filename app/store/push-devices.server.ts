// Staff phones that take alerts: subscribed, renamed by a renewal, removed. Each change that reads before it writes
// (a person's count, an endpoint another person held, a renewal's proof) is one transaction.
import { timingSafeEqual } from "node:crypto";
import { STALE } from "./push-watch.server";
import { newDeviceId } from "./push.server";
import { flag, whole, type TableRow } from "./schema.server";
import { isoTime, type Sql } from "./sql.server";

export type DeviceView = {
  id: string;
  name: string;
  createdAt: string;
  lastReachedAt?: string;
  /** Its last three alerts unconfirmed (push-watch.server.ts). */
  stale: boolean;
};

export type Subscription = { href: string; p256dh: string; auth: string; name: string; language: string };

export type Kept = { ok: true; id: string; name: string; moved: boolean } | { ok: false; reason: "too-many" };

export type Renewed =
  { ok: true; name: string; member: { id: string; email: string } } | { ok: false; reason: "unknown-device" };

export function pushDevicesOf(sql: Sql) {
  return {
    async devicesOf(memberId: string, settledBefore: string): Promise<DeviceView[]> {
      const rows = await sql.all<
        Pick<TableRow<"push_devices">, "id" | "name" | "created_at" | "last_reached_at"> & { stale: number }
      >(
        `SELECT p.id, p.name, p.created_at, p.last_reached_at, ${STALE} AS stale
           FROM push_devices p WHERE p.member_id = $2 ORDER BY p.created_at, p.id`,
        [settledBefore, memberId],
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: isoTime(r.created_at) ?? "",
        lastReachedAt: isoTime(r.last_reached_at),
        stale: flag(r.stale),
      }));
    },

    /** An endpoint another person turned on becomes this person's; none kept past `maxDevices`. */
    keepSubscription: (memberId: string, subscription: Subscription, maxDevices: number) =>
      sql.transaction(async (tx): Promise<Kept> => {
        const { href, p256dh, auth, name, language } = subscription;
        const [existing] = await tx.all<Pick<TableRow<"push_devices">, "id" | "member_id">>(
          "SELECT id, member_id FROM push_devices WHERE endpoint = $1",
          [href],
        );
        const mine = existing?.member_id === memberId;
        if (!mine) {
          const [count] = await tx.all<{ n: number | string }>(
            "SELECT count(*) AS n FROM push_devices WHERE member_id = $1",
            [memberId],
          );
          if (whole(count?.n ?? 0) >= maxDevices) return { ok: false, reason: "too-many" };
        }
        if (existing) {
          await tx.run(
            "UPDATE push_devices SET member_id = $2, p256dh = $3, auth = $4, name = $5, language = $6 WHERE id = $1",
            [existing.id, memberId, p256dh, auth, name, language],
          );
          return { ok: true, id: existing.id, name, moved: !mine };
        }
        const id = newDeviceId();
        await tx.run(
          `INSERT INTO push_devices (id, member_id, endpoint, p256dh, auth, name, language, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, memberId, href, p256dh, auth, name, language, new Date().toISOString()],
        );
        return { ok: true, id, name, moved: false };
      }),

    /** The removed device's name; another person's device is left alone. */
    async removeDevice(memberId: string, deviceId: string): Promise<string | undefined> {
      const [row] = await sql.all<Pick<TableRow<"push_devices">, "name">>(
        "DELETE FROM push_devices WHERE id = $1 AND member_id = $2 RETURNING name",
        [deviceId, memberId],
      );
      return row?.name;
    },

    /** Proved by the old auth secret; the old device takes the new endpoint, or goes if the new one is kept already. */
    renewDevice: (old: string, oldAuth: Buffer, renewed: Omit<Subscription, "name" | "language">) =>
      sql.transaction(async (tx): Promise<Renewed> => {
        const [device] = await tx.all<
          Pick<TableRow<"push_devices">, "id" | "name" | "auth" | "member_id"> &
            Pick<TableRow<"staff_members">, "email">
        >(
          `SELECT p.id, p.name, p.auth, p.member_id, m.email FROM push_devices p
             JOIN staff_members m ON m.id = p.member_id WHERE p.endpoint = $1`,
          [old],
        );
        const held = Buffer.from(device?.auth ?? "", "base64url");
        if (!device || held.length !== oldAuth.length || !timingSafeEqual(held, oldAuth))
          return { ok: false, reason: "unknown-device" };
        const [again] = await tx.all("SELECT id FROM push_devices WHERE endpoint = $1 AND id <> $2", [
          renewed.href,
          device.id,
        ]);
        if (again) await tx.run("DELETE FROM push_devices WHERE id = $1", [device.id]);
        else
          await tx.run("UPDATE push_devices SET endpoint = $2, p256dh = $3, auth = $4 WHERE id = $1", [
            device.id,
            renewed.href,
            renewed.p256dh,
            renewed.auth,
          ]);
        return { ok: true, name: device.name, member: { id: device.member_id, email: device.email } };
      }),
  };
}
