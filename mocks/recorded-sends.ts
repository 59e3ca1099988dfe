import { existsSync, readFileSync } from "node:fs";

/** The one reader of MOCKS_RECORD_FILE (a JSON line per call the stand-ins answered). */
export type RecordedSend = {
  url: string;
  fields: Record<string, string>;
  at: number;
  answered: string;
  channel?: string;
  body?: string;
  headers?: Record<string, string>;
};

export function readRecordedSends(file: string): RecordedSend[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  // Only whole lines: a server may be appending one while it is read.
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedSend);
}
