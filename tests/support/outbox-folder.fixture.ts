import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EnquiryRecord } from "~/store/record.server";
import type { DeliveryState } from "~/store/store.server";

const folderRecordName = (record: Pick<EnquiryRecord, "id" | "receivedAt">) =>
  `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;

export async function writeFolderRecord(dir: string, state: DeliveryState, record: EnquiryRecord) {
  await mkdir(path.join(dir, state), { recursive: true });
  // As earlier versions wrote it: the phone under the form's name, `number`.
  const { phone, ...fields } = record.enquiry;
  const file = { v: 1, ...record, enquiry: { ...fields, number: phone } };
  await writeFile(path.join(dir, state, folderRecordName(record)), JSON.stringify(file));
}

export async function writeFolderQuarantine(dir: string, folder: string, entry: string, reason: object) {
  await mkdir(path.join(dir, "quarantine", folder), { recursive: true });
  await writeFile(path.join(dir, "quarantine", folder, "entry"), entry);
  await writeFile(path.join(dir, "quarantine", folder, "reason.json"), JSON.stringify(reason));
}

export async function writeLiveFolderLease(dir: string) {
  await writeFile(
    path.join(dir, "delivery.lease"),
    JSON.stringify({ owner: "x", host: "another-host", pid: 1, renewedAt: Date.now() }),
  );
}
