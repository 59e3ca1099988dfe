/** One JSON object per line on stdout: what log collectors expect. Never pass personal data
 * (names, e-mail addresses, message bodies) in `fields`. */
export type LogLevel = "info" | "warn" | "error";

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}
