import { DETAIL_FIELDS } from "~/content/enquiry-fields";
import type { InboxRow } from "~/store/inbox.server";
import { TEAM_TIME_ZONE, teamClock, teamTimeWithOffset } from "~/utils/team-time";

/** Times are the team's, as the screens show them, with their UTC offset: in CSV as spreadsheets read it, in JSON
 * lines as ISO 8601 for programs. */
const COLUMNS = [
  "reference",
  "received_at",
  "follow_up",
  "category",
  "language",
  "name",
  "email",
  "phone",
  ...DETAIL_FIELDS.map((f) => f.key),
  "page",
  "source_channel",
  "source_medium",
  "source_campaign",
  "source_referrer",
  "source_landing",
  "deliveries",
  "message",
  "notes",
] as const;

type Column = (typeof COLUMNS)[number];
type Values = Record<Exclude<Column, "notes">, string> & { notes: string | { at: string; by: string; text: string }[] };

const CSV_HEADER: Partial<Record<Column, string>> = { received_at: `received_at (${TEAM_TIME_ZONE}, UTC offset)` };

function isoWithOffset(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { date, time, offset } = teamClock(at);
  return `${date}T${time}:${String(at.getUTCSeconds()).padStart(2, "0")}${offset}`;
}

const valuesOf = (row: InboxRow, format: ExportFormat): Values =>
  ({
    reference: row.reference,
    received_at: format === "csv" ? teamTimeWithOffset(row.receivedAt) : isoWithOffset(row.receivedAt),
    follow_up: row.followUp,
    category: row.category,
    language: row.language,
    name: row.name,
    email: row.email,
    phone: row.phone,
    ...Object.fromEntries(DETAIL_FIELDS.map((f) => [f.key, (row as Record<string, unknown>)[f.key] ?? ""])),
    page: row.page ?? "",
    source_channel: row.source?.channel ?? "",
    source_medium: row.source?.medium ?? "",
    source_campaign: row.source?.campaign ?? "",
    source_referrer: row.source?.referrer ?? "",
    source_landing: row.source?.landing ?? "",
    deliveries: row.deliveries.map((d) => `${d.channel}:${d.state}`).join(" "),
    message: row.message ?? "",
    notes:
      format === "csv"
        ? (row.notes ?? []).map((n) => `[${teamTimeWithOffset(n.at)}, ${n.actor}] ${n.text}`).join("\n")
        : (row.notes ?? []).map((n) => ({ at: isoWithOffset(n.at), by: n.actor, text: n.text })),
  }) as Values;

/** Full-width forms too: Excel in East Asian settings takes ＝ for = (OWASP's testing guide). */
const FORMULA = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20";
/** A file read with another separator than ours (`;` in Croatian settings) or misquoted starts cells after any of
 * them. A CRLF is one break: the apostrophe never goes between its two characters. */
const INNER_START = new RegExp(`(\\r\\n|[,;\\t\\r\\n])(?=[\\s"]*[${FORMULA}])`, "g");
const LEADING = new RegExp(`^(?:[\\s"]*[${FORMULA}]|[\\t\\r\\n])`);

/** An apostrophe wherever a cell could begin a formula (OWASP: shown as text, never run); JSON keeps the exact text. */
export function neutralise(value: string): string {
  // Most values hold no separator: the inner rule (a lookahead at every one) only where one is.
  const inner = MAY_SPLIT.test(value) ? value.replace(INNER_START, "$1'") : value;
  return LEADING.test(inner) ? `'${inner}` : inner;
}
const MAY_SPLIT = /[,;\t\r\n]/;

/** Always quoted, so a reader splitting on `;` or a tab keeps our commas and its own separators in the cell. */
export const csvField = (value: string) => {
  const safe = neutralise(value);
  return `"${safe.includes('"') ? safe.replace(/"/g, '""') : safe}"`;
};

const csvLine = (cells: string[]) => `${cells.map(csvField).join(",")}\r\n`;

export type ExportFormat = "csv" | "jsonl";

/** A pull stream, so 100,000 rows take constant memory; the BOM makes spreadsheets read Croatian letters. */
export function exportStream(rows: AsyncIterator<InboxRow>, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          if (format === "csv") {
            controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS.map((c) => CSV_HEADER[c] ?? c))}`));
            return;
          }
        }
        // Up to 200 rows a chunk: fewer, larger writes.
        let text = "";
        for (let i = 0; i < 200; i++) {
          const next = await rows.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          const values = valuesOf(next.value, format);
          text += format === "csv" ? csvLine(COLUMNS.map((c) => String(values[c]))) : `${JSON.stringify(values)}\n`;
        }
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await rows.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** Never anything a visitor typed. */
export const exportFilename = (format: ExportFormat, now = new Date()) =>
  `enquiries-${now.toISOString().slice(0, 10)}.${format === "csv" ? "csv" : "jsonl"}`;

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
};
