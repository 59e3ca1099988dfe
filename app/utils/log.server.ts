/** Written to the stream directly (console.log costs more on every request). Never log personal data. */
type LogLevel = "info" | "warn" | "error";

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }) + "\n";
  (level === "info" ? process.stdout : process.stderr).write(line);
}
