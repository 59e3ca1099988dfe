import { describe, expect, it } from "vitest";
import { csvField, exportStream, neutralise } from "./export.server";
import type { InboxRow } from "~/store/inbox.server";

/** As lenient as Excel, LibreOffice and Python's csv: a quote is special only at a cell's start, and after a closing
 * quote anything up to the next separator is appended. */
function readAs(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let state: "start" | "plain" | "quoted" | "after" = "start";
  const endCell = () => {
    row.push(cell);
    cell = "";
    state = "start";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (state === "quoted") {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') state = "after";
      else cell += c;
    } else if (c === separator) endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endCell();
      rows.push(row);
      row = [];
    } else if (state === "start" && c === '"') state = "quoted";
    else {
      cell += c;
      if (state === "start") state = "plain";
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const row = (fields: Partial<InboxRow>): InboxRow => ({
  id: "6f1c2a3b-0000-4000-8000-000000000001",
  reference: "K7QX-M4TP",
  receivedAt: "2026-11-25T10:00:00.000Z",
  name: "Ana",
  email: "ana@example.com",
  phone: "+385 91 234 5678",
  category: "other",
  language: "hr",
  followUp: "new",
  deliveries: [{ channel: "email", state: "delivered" }],
  message: "",
  ...fields,
});

const csvOf = async (rows: InboxRow[]) => {
  const stream = exportStream(
    (async function* () {
      yield* rows;
    })(),
    "csv",
  );
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
};

/** Texts that would start a live cell somewhere: the example first. */
const HOSTILE = [
  "ok;=1+1;=cmd|' /C calc'!A0",
  "ok\t=1+1\t@SUM(A1)",
  'a,"=1+1",b',
  'ok;"=HYPERLINK(""http://evil"")"',
  "ok; =1+1;\u00a0-2+3",
  "first line\r\n=1+1\n+1\r@x",
  "＝1+1;＋1,－1\t＠A1",
  "=cmd|' /C calc'!A0",
  "\t=1",
  "-2+3",
];
const TRIGGER = /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

describe("the CSV export, read with any separator a spreadsheet uses", () => {
  it.each([",", ";", "\t"])("separator %j: no cell begins with a formula character", async (separator) => {
    const text = await csvOf(HOSTILE.map((message, i) => row({ message, name: HOSTILE[(i + 3) % HOSTILE.length] })));
    const cells = readAs(text.replace(/^\uFEFF/, ""), separator).flat();
    expect(cells.length).toBeGreaterThan(HOSTILE.length);
    for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(TRIGGER);
  });

  it("with its own separator, every row has every column, and each value reads back as neutralised", async () => {
    const text = await csvOf(HOSTILE.map((message) => row({ message })));
    const rows = readAs(text.replace(/^\uFEFF/, ""), ",");
    expect(rows).toHaveLength(HOSTILE.length + 1);
    const header = rows[0]!;
    // The phone in its place, the message and the notes last, whatever details come between.
    expect([header[7], header.at(-2), header.at(-1)]).toEqual(["phone", "message", "notes"]);
    for (const [i, message] of HOSTILE.entries()) {
      expect(rows[i + 1]).toHaveLength(header.length);
      expect(rows[i + 1]!.at(-2)).toBe(neutralise(message));
      // Only apostrophes were added: the text is the visitor's.
      expect(rows[i + 1]!.at(-2)!.replace(/'/g, "")).toBe(message.replace(/'/g, ""));
    }
    expect(rows[1]![7]).toBe("'+385 91 234 5678");
  });

  it("neutralises the notes as every cell, whatever separator reads them", async () => {
    const notes = HOSTILE.map((text, i) => ({ at: "2026-11-25T10:00:00.000Z", actor: `s${i}@example.com`, text }));
    const text = await csvOf([row({ notes })]);
    for (const separator of [",", ";", "\t"])
      for (const cell of readAs(text.replace(/^\uFEFF/, ""), separator).flat())
        expect(cell, JSON.stringify(cell)).not.toMatch(TRIGGER);
    const cell = readAs(text.replace(/^\uFEFF/, ""), ",")[1]!.at(-1)!;
    expect(cell.startsWith("[2026-11-25 11:00 +01:00, s0@example.com] ok;'=1+1")).toBe(true);
  });

  it("leaves ordinary text alone, and a CRLF whole", () => {
    expect(neutralise("Šime Čović, table for 6; 2 bottles")).toBe("Šime Čović, table for 6; 2 bottles");
    expect(neutralise("a\r\n=b")).toBe("a\r\n'=b");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});

describe("the export's source columns", () => {
  const source = {
    channel: "instagram",
    medium: "social",
    campaign: "summer-vip",
    referrer: "l.instagram.com",
    landing: "/hr",
  };
  it("name each enquiry's source in CSV and JSON lines, and leave them empty when it is not known", async () => {
    const rows = readAs((await csvOf([row({ source }), row({})])).replace(/^\uFEFF/, ""), ",");
    const at = (name: string) => rows[0]!.indexOf(name);
    const names = ["source_channel", "source_medium", "source_campaign", "source_referrer", "source_landing"];
    expect(names.map(at).every((i) => i > 0)).toBe(true);
    expect(names.map((n) => rows[1]![at(n)])).toEqual(["instagram", "social", "summer-vip", "l.instagram.com", "/hr"]);
    expect(names.map((n) => rows[2]![at(n)])).toEqual(["", "", "", "", ""]);
    const stream = exportStream(
      (async function* () {
        yield row({ source });
      })(),
      "jsonl",
    );
    const line = JSON.parse(await new Response(stream).text()) as Record<string, string>;
    expect([line.source_channel, line.source_campaign, line.source_landing]).toEqual([
      "instagram",
      "summer-vip",
      "/hr",
    ]);
  });
});
