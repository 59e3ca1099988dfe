import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flushLog, log, logAnswer } from "./log.server";

afterEach(() => vi.restoreAllMocks());

const written = (stream: NodeJS.WriteStream) => {
  const chunks: string[] = [];
  vi.spyOn(stream, "write").mockImplementation((chunk) => (chunks.push(String(chunk)), true));
  return chunks;
};

describe("log", () => {
  it("writes each line as the spread object would be written, key for key and in order", () => {
    const out = written(process.stdout);
    const cases: Record<string, unknown>[] = [
      {},
      { requestId: "a-1", method: "GET", path: '/x"\\\n\u2028', status: 200, ms: 0.1 },
      { nested: { a: [1, null] }, gone: undefined, n: Number.NaN },
      { level: "overridden", time: "mine", event: "theirs", other: 1 },
    ];
    for (const fields of cases) log("info", "some.event", fields);
    flushLog();
    const lines = out.join("").split("\n").filter(Boolean);
    expect(lines).toHaveLength(cases.length);
    lines.forEach((line, i) => {
      const time = (JSON.parse(line) as { time: string }).time;
      expect(line).toBe(JSON.stringify({ time, level: "info", event: "some.event", ...cases[i] }));
    });
  });

  it("writes the request log's line as log() writes the same fields", () => {
    const out = written(process.stdout);
    for (const path of ["/contact", '/a"b\\c', "/\u0001\u2028é", ""])
      for (const ms of [0, 0.1, 12.3, 1234567.8]) {
        logAnswer("8f0e-id", "GET", path, 304, ms);
        log("info", "http.request", { requestId: "8f0e-id", method: "GET", path, status: 304, ms });
      }
    flushLog();
    const lines = out.join("").split("\n").filter(Boolean);
    expect(lines).toHaveLength(32);
    for (let i = 0; i < lines.length; i += 2) {
      const timeless = (line: string) => line.replace(/^\{"time":"[^"]+",/, "{");
      expect(timeless(lines[i]!)).toBe(timeless(lines[i + 1]!));
      expect(JSON.parse(lines[i]!)).toMatchObject({ event: "http.request", status: 304 });
    }
  });

  it("holds the info lines of one turn for one write after it; warnings and errors go at once", async () => {
    const out = written(process.stdout);
    const err = written(process.stderr);
    log("info", "one");
    log("warn", "careful");
    log("info", "two");
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(JSON.parse(err[0]!)).toMatchObject({ level: "warn", event: "careful" });
    await new Promise((r) => setImmediate(r));
    expect(out).toHaveLength(1);
    expect(
      out[0]!
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { event: string }).event),
    ).toEqual(["one", "two"]);
  });

  it("writes what it holds when the process exits", () => {
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        'const { log } = await import("./app/utils/log.server.ts"); log("info", "last.words", { n: 1 }); process.exit(3);',
      ],
      { encoding: "utf8", input: "" },
    );
    expect(child.status).toBe(3);
    expect(JSON.parse(child.stdout)).toMatchObject({ level: "info", event: "last.words", n: 1 });
  });
});
