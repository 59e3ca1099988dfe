/** Written to the stream directly (console.log costs more on every request); info lines of one loop turn in one write
 * (docs/decisions/0045-cheap-cached-answers.md). Never log personal data. */
type LogLevel = "info" | "warn" | "error";

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const rest = JSON.stringify(fields);
  const line =
    rest[0] === "{" && !("time" in fields || "level" in fields || "event" in fields)
      ? `{"time":"${isoNow()}","level":"${level}","event":${JSON.stringify(event)}${rest.length > 2 ? `,${rest.slice(1)}` : "}"}\n`
      : JSON.stringify({ time: isoNow(), level, event, ...fields }) + "\n";
  if (level !== "info") return void process.stderr.write(line);
  hold(line);
}

/** The request log's line, byte for byte what `log` writes for these fields, without an object per answer. */
export function logAnswer(requestId: string, method: string, path: string, status: number, ms: number): void {
  hold(
    `{"time":"${isoNow()}","level":"info","event":"http.request","requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}\n`,
  );
}

function hold(line: string) {
  held.lines += line;
  if (!held.due) {
    held.due = true;
    setImmediate(flushLog);
  }
}

// One per process: the server's bundle and the app's build each carry this module; their lines stay in order.
const KEY = Symbol.for("log.held");
const shared = globalThis as { [KEY]?: { lines: string; due: boolean } };
const held = (shared[KEY] ??= (process.on("exit", () => flushLog()), { lines: "", due: false }));

export function flushLog(): void {
  held.due = false;
  if (!held.lines) return;
  const lines = held.lines;
  held.lines = "";
  process.stdout.write(lines);
}

let lastMs = 0;
let lastIso = "";

function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}
