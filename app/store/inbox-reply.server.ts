// A reply written on the enquiry's page: kept with who wrote it, queued as the enquiry's `reply` delivery, sent once.
import { moveTo, queueMessage } from "./inbox-booking.server";
import { ID } from "./inbox-rows.server";
import type { TableRow } from "./schema.server";
import type { Queryable, Sql } from "./sql.server";
import { isoTime } from "./sql.server";

export const REPLY_CHANNEL = "reply";

export type Reply = {
  id: number;
  subject: string;
  body: string;
  actor: string;
  writtenAt: string;
  sentAt?: string;
  via?: string;
};

type ReplyRow = Omit<TableRow<"enquiry_replies">, "enquiry_id">;

const replyOf = (r: ReplyRow): Reply => ({
  id: Number(r.id),
  subject: r.subject,
  body: r.body,
  actor: r.actor,
  writtenAt: isoTime(r.written_at) ?? "",
  ...(r.sent_at ? { sentAt: isoTime(r.sent_at) } : {}),
  ...(r.via ? { via: r.via } : {}),
});

export async function replies(q: Queryable, id: string): Promise<Reply[]> {
  if (!ID.test(id)) return [];
  const rows = await q.all<ReplyRow>(
    "SELECT id, subject, body, actor, written_at, sent_at, via FROM enquiry_replies WHERE enquiry_id = $1 ORDER BY id",
    [id],
  );
  return rows.map(replyOf);
}

/** `erased`: no address to write to; `waiting`: the last one is not sent yet (one at a time, so none is lost). */
export type ReplyOutcome = { ok: true } | { ok: false; why: "erased" | "waiting" };

export async function queueReply(
  sql: Sql,
  id: string,
  { subject, body }: { subject: string; body: string },
  actor: string,
): Promise<ReplyOutcome | undefined> {
  if (!ID.test(id)) return undefined;
  return sql.transaction(async (tx) => {
    const [enquiry] = await tx.all<Pick<TableRow<"enquiries">, "email" | "follow_up">>(
      "SELECT email, follow_up FROM enquiries WHERE id = $1",
      [id],
    );
    if (!enquiry) return undefined;
    if (!enquiry.email.trim()) return { ok: false, why: "erased" } as const;
    const [waiting] = await tx.all(
      "SELECT 1 AS waiting FROM enquiry_replies WHERE enquiry_id = $1 AND sent_at IS NULL LIMIT 1",
      [id],
    );
    if (waiting) return { ok: false, why: "waiting" } as const;
    const at = new Date().toISOString();
    await tx.run(
      "INSERT INTO enquiry_replies (enquiry_id, subject, body, actor, written_at) VALUES ($1, $2, $3, $4, $5)",
      [id, subject, body, actor, at],
    );
    // The desk's figures count it as the first reply (the reply time's trigger reads first_replied_at).
    await tx.run("UPDATE enquiries SET first_replied_at = $2 WHERE id = $1 AND first_replied_at IS NULL", [id, at]);
    if (enquiry.follow_up === "new") await moveTo(tx, id, "new", "replied", at, actor);
    await queueMessage(tx, id, at, REPLY_CHANNEL);
    return { ok: true } as const;
  });
}

export async function unsentReply(q: Queryable, id: string): Promise<Reply | undefined> {
  const [row] = await q.all<ReplyRow>(
    `SELECT id, subject, body, actor, written_at, sent_at, via FROM enquiry_replies
      WHERE enquiry_id = $1 AND sent_at IS NULL ORDER BY id LIMIT 1`,
    [id],
  );
  return row ? replyOf(row) : undefined;
}

export const markReplySent = (q: Queryable, replyId: number, via: string) =>
  q.run("UPDATE enquiry_replies SET sent_at = $2, via = $3 WHERE id = $1 AND sent_at IS NULL", [
    replyId,
    new Date().toISOString(),
    via,
  ]);
