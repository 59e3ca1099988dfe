import { prepared } from "./parts.server";
import { pushDevicesOf } from "./push-devices.server";
import { confirmSend, confirmTest, deviceOf } from "./push.server";
import type { Sql } from "./sql.server";

/** Alerts on staff phones, as the staff area sees them: its devices, a test alert's device, the receipts. */
export const pushPartOf = (sql: Sql, prepare: () => Promise<void>) =>
  prepared(
    {
      ...pushDevicesOf(sql),
      deviceOf: (memberId: string, deviceId: string) => deviceOf(sql, memberId, deviceId),
      confirmTest: (deviceId: string, sentAt: string) => confirmTest(sql, deviceId, sentAt),
      confirmSend: (enquiryId: string, deviceId: string) => confirmSend(sql, enquiryId, deviceId),
    },
    prepare,
  );

export type PushPart = ReturnType<typeof pushPartOf>;
