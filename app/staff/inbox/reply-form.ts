// A reply is plain text: markup is refused (the visitor's mail client would render it), never stripped.
export const REPLY_MAX = 5_000;

export type ReplyProblem = "empty" | "long" | "markup" | "erased" | "waiting";

const MARKUP = /<\s*[a-z!/?]|&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;

export function checkReply(text: string): { ok: true; body: string } | { ok: false; problem: ReplyProblem } {
  const body = text.replace(/\r\n?/g, "\n").trim();
  if (!body) return { ok: false, problem: "empty" };
  if (body.length > REPLY_MAX) return { ok: false, problem: "long" };
  if (MARKUP.test(body)) return { ok: false, problem: "markup" };
  return { ok: true, body };
}
