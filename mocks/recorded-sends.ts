import { existsSync, readFileSync } from "node:fs";

/** One call the EmailJS stand-in answered: the address, the form's fields, when, and how it
 * answered ("200", "500", "slow", "timeout"…). The stand-in appends one JSON line per call to
 * MOCKS_RECORD_FILE; this is the one reader of that file, for tests and measuring scripts. */
export type RecordedSend = {
  url: string;
  fields: Record<string, string>;
  at: number;
  answered: string;
  /** A chat or webhook channel's stand-in (mocks/channels.ts): which, its raw body and headers. */
  channel?: string;
  body?: string;
  headers?: Record<string, string>;
};

/** Every call recorded in `file`, in order; none when the file does not exist yet. */
export function readRecordedSends(file: string): RecordedSend[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedSend);
}
