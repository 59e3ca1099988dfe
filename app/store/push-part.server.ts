import { prepared } from "./parts.server";
import { pushDevicesOf } from "./push-devices.server";
import { deviceCounts, unconfirmedAlerts } from "./push-watch.server";
import {
  confirmSend,
  confirmTest,
  deviceOf,
  markSendStarting,
  noteReached,
  noteSend,
  pendingAlertDevices,
  pushKeys,
  removeGoneDevice,
  type PushKeys,
} from "./push.server";
import type { Sql } from "./sql.server";

/** Alerts on staff phones: keys, devices, the alert per device, receipts, what the watch counts. */
export const pushPartOf = (sql: Sql, prepare: () => Promise<void>) =>
  prepared(
    {
      ...pushDevicesOf(sql),
      /** The configured keys, else the database's (made by the first replica to ask). */
      keys: (configured?: PushKeys) => pushKeys(sql, configured),
      deviceOf: (memberId: string, deviceId: string) => deviceOf(sql, memberId, deviceId),
      confirmTest: (deviceId: string, sentAt: string) => confirmTest(sql, deviceId, sentAt),
      confirmSend: (enquiryId: string, deviceId: string) => confirmSend(sql, enquiryId, deviceId),
      pendingAlerts: (enquiryId: string) => pendingAlertDevices(sql, enquiryId),
      alertStarting: (enquiryId: string, deviceId: string, at: string) =>
        markSendStarting(sql, enquiryId, deviceId, at),
      noteAlert: (
        enquiryId: string,
        deviceId: string,
        outcome: "sent" | "refused" | "pending",
        status: number | undefined,
        at: string,
      ) => noteSend(sql, enquiryId, deviceId, outcome, status, at),
      noteReached: (deviceId: string, at: string) => noteReached(sql, deviceId, at),
      removeGoneDevice: (deviceId: string, status: number) => removeGoneDevice(sql, deviceId, status),
      deviceCounts: (settledBefore: string) => deviceCounts(sql, settledBefore),
      unconfirmedAlerts: (within: { now: number; confirmMs: number; limit?: number }) => unconfirmedAlerts(sql, within),
    },
    prepare,
  );

export type PushPart = ReturnType<typeof pushPartOf>;
