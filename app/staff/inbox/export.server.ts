import { DETAIL_FIELDS } from "~/content/enquiry-fields";
import type { InboxRow } from "~/store/inbox.server";
import { TEAM_TIME_ZONE, teamClock, teamTimeWithOffset } from "~/utils/team-time";

/** The columns of an export, in order (CSV header, JSON keys): the enquiry's fields by their keys
 * (app/content/enquiry-fields.ts), the optional details after the phone, the team's notes last.
 * Times are the team's (Europe/Zagreb, as the screens show them) with their offset from UTC: in
 * CSV "2026-11-26 14:05 +01:00", which spreadsheets read, its header naming the zone; in JSON
 * lines ISO 8601 with the offset ("2026-11-26T14:05:00+01:00"), which programs read. */
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
  "deliveries",
  "message",
  "notes",
] as const;

type Column = (typeof COLUMNS)[number];
type Values = Record<Exclude<Column, "notes">, string> & { notes: string | { at: string; by: string; text: string }[] };

/** The CSV header's cell for a column: the time's says its zone and offset. */
const CSV_HEADER: Partial<Record<Column, string>> = { received_at: `received_at (${TEAM_TIME_ZONE}, UTC offset)` };

/** An instant as ISO 8601 in the team's time with its offset: "2026-11-26T14:05:00+01:00". */
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
    deliveries: row.deliveries.map((d) => `${d.channel}:${d.state}`).join(" "),
    message: row.message ?? "",
    // CSV: a note a line, "[when, who] text"; JSON: each note an object.
    notes:
      format === "csv"
        ? (row.notes ?? []).map((n) => `[${teamTimeWithOffset(n.at)}, ${n.actor}] ${n.text}`).join("\n")
        : (row.notes ?? []).map((n) => ({ at: isoWithOffset(n.at), by: n.actor, text: n.text })),
  }) as Values;

/** What a spreadsheet begins a formula with: = + - @, and their full-width forms (Excel in East
 * Asian settings takes ＝ for =: OWASP's testing guide lists them). */
const FORMULA = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20";
/** Where a spreadsheet may begin a cell inside our value: after any character some spreadsheet
 * splits cells or rows on (`,` here, `;` in Croatian and most European settings, a tab, a line
 * break), once spaces and quotes are skipped. A file read with another separator than ours (or
 * with its quoting misread) starts cells at exactly those places. A CRLF is one break: the
 * apostrophe goes after it, never between its two characters. */
const INNER_START = new RegExp(`(\\r\\n|[,;\\t\\r\\n])(?=[\\s"]*[${FORMULA}])`, "g");
/** A value that itself begins a cell with a formula character, or with a tab or line break. */
const LEADING = new RegExp(`^(?:[\\s"]*[${FORMULA}]|[\\t\\r\\n])`);

/** A value as a spreadsheet must show it, whatever separator it splits on: an apostrophe (OWASP's
 * advice: shown as text, never run) wherever a cell could begin with a formula character, and
 * before a leading tab or line break. The JSON export keeps the exact text. */
export function neutralise(value: string): string {
  // Most values hold no separator: the inner rule (a lookahead at every one) only where one is.
  const inner = MAY_SPLIT.test(value) ? value.replace(INNER_START, "$1'") : value;
  return LEADING.test(inner) ? `'${inner}` : inner;
}
const MAY_SPLIT = /[,;\t\r\n]/;

/** One CSV field (RFC 4180): always quoted (a reader splitting on `;` or a tab then keeps our
 * commas, and its own separators inside a value, in the cell), quotes doubled. */
export const csvField = (value: string) => {
  const safe = neutralise(value);
  return `"${safe.includes('"') ? safe.replace(/"/g, '""') : safe}"`;
};

const csvLine = (cells: string[]) => `${cells.map(csvField).join(",")}\r\n`;

export type ExportFormat = "csv" | "jsonl";

/** An export's body, streamed: the rows are read a batch at a time as the client takes them
 * (a pull stream: backpressure holds the reading), so 100,000 rows take constant memory. CSV is
 * UTF-8 with a byte-order mark (spreadsheets then read Croatian letters), CRLF line ends; JSON
 * lines are one object per line. */
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

/** The file's name: what it holds and the day, never anything a visitor typed. */
export const exportFilename = (format: ExportFormat, now = new Date()) =>
  `enquiries-${now.toISOString().slice(0, 10)}.${format === "csv" ? "csv" : "jsonl"}`;

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
};
