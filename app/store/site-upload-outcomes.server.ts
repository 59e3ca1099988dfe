import { randomBytes } from "node:crypto";
import { jsonValue, type Queryable } from "./sql.server";

/** What the plain form's upload added and refused, for the page it returns to: a row any replica can read, named in
 * that page's address by a random id, for its member only, for a while (reloads, the page's own refresh). */
export type StoredOutcome = {
  added: number;
  refused: { fileName: string; refusal: string }[];
  failed?: string;
};

export const OUTCOME_MS = 30 * 60_000;

export async function keepOutcome(sql: Queryable, memberId: string, outcome: StoredOutcome, now = new Date()) {
  const id = randomBytes(16).toString("base64url");
  await sql.run("DELETE FROM site_upload_outcomes WHERE expires_at < $1", [now.toISOString()]);
  await sql.run("INSERT INTO site_upload_outcomes (id, member_id, expires_at, outcome) VALUES ($1, $2, $3, $4)", [
    id,
    memberId,
    new Date(now.getTime() + OUTCOME_MS).toISOString(),
    JSON.stringify(outcome),
  ]);
  return id;
}

export async function outcomeFor(sql: Queryable, id: string, memberId: string, now = new Date()) {
  if (!/^[\w-]{22}$/.test(id)) return undefined;
  const [row] = await sql.all<{ outcome: unknown }>(
    "SELECT outcome FROM site_upload_outcomes WHERE id = $1 AND member_id = $2 AND expires_at > $3",
    [id, memberId, now.toISOString()],
  );
  return row ? (jsonValue(row.outcome) as StoredOutcome) : undefined;
}
