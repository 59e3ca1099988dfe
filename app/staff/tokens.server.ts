import { createHash, randomBytes } from "node:crypto";

/** A secret its holder keeps (an invitation link's token, a session's cookie): 32 random bytes
 * as base64url, 43 characters. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Whether a value has a token's shape: anything else is refused before the database is asked. */
export const looksLikeToken = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);

/** What the database keeps of a token: its SHA-256, so a copy of the database (a backup, a
 * replica) holds no link and no session anyone could use. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Times are ISO 8601 text in UTC in both dialects (app/store/sql.server.ts). */
export const isoIn = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();
