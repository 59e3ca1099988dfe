import { createHash, randomBytes } from "node:crypto";
import type { TableRow } from "./schema.server";
import { jsonValue, type Queryable } from "./sql.server";

/** What the plain form's upload added and refused, for the page it returns to: a row any replica can read, named in
 * that page's address by a random id, for its member only, for a while (reloads, the page's own refresh). */
export type StoredOutcome = {
  added: number;
  refused: { fileName: string; refusal: string }[];
  failed?: string;
};

export const OUTCOME_MS = 30 * 60_000;

export async function keepOutcome(
  sql: Queryable,
  memberId: string,
  outcome: StoredOutcome,
  now = new Date(),
  id = randomBytes(16).toString("base64url"),
) {
  await sql.run("DELETE FROM site_upload_outcomes WHERE expires_at < $1", [now.toISOString()]);
  // A key's first answer stays the answer (a retry racing it on another replica changes nothing).
  await sql.run(
    `INSERT INTO site_upload_outcomes (id, member_id, expires_at, outcome) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING`,
    [id, memberId, new Date(now.getTime() + OUTCOME_MS).toISOString(), JSON.stringify(outcome)],
  );
  return id;
}

/** The row a photo sent with an `Idempotency-Key` keeps its answer in, so a retry on any replica gets that answer
 * (docs/decisions/0042-slow-uploads.md); hashed, so the row's id is of the outcomes' shape whatever the key. */
export const keyedOutcomeId = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 22);

export async function outcomeFor(sql: Queryable, id: string, memberId: string, now = new Date()) {
  if (!/^[\w-]{22}$/.test(id)) return undefined;
  const [row] = await sql.all<Pick<TableRow<"site_upload_outcomes">, "outcome">>(
    "SELECT outcome FROM site_upload_outcomes WHERE id = $1 AND member_id = $2 AND expires_at > $3",
    [id, memberId, now.toISOString()],
  );
  return row ? (jsonValue(row.outcome) as StoredOutcome) : undefined;
}
