import { createHash, randomBytes } from "node:crypto";

export const newToken = () => randomBytes(32).toString("base64url");

export const looksLikeToken = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);

/** So a copy of the database (a backup, a replica) holds no link and no session anyone could use. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Times are ISO 8601 text in UTC in both dialects (app/store/sql.server.ts). */
export const isoIn = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();
