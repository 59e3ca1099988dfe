import type { RequestHandler, Response } from "express";

type Kept = { status: number; type: string; body: Buffer };

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const KEPT_BYTES = 64 * 1024;

/** A photo sent again with this member's `Idempotency-Key` gets the first answer (2xx, 422), even while that is still
 * being handled here; another replica's retry is answered from the route's row (decision 0042). */
export function uploadOnce({ keepMs = 15 * 60_000, most = 1_000, maxBytes = Infinity } = {}): RequestHandler {
  const answers = new Map<string, { at: number; done: Promise<Kept | undefined> }>();
  return (req, res, next) => {
    const key = req.get("idempotency-key");
    const member = (res.locals.staff as { id?: string } | undefined)?.id;
    if (!member || !key || !KEY.test(key)) return next();
    const now = Date.now();
    for (const [id, entry] of answers) if (now - entry.at > keepMs || answers.size > most) answers.delete(id);

    const id = `${member} ${key}`;
    const earlier = answers.get(id)?.done ?? Promise.resolve(undefined);
    let settle: (kept: Kept | undefined) => void = () => {};
    const mine = new Promise<Kept | undefined>((resolve) => (settle = resolve));
    answers.set(id, { at: now, done: earlier.then((kept) => kept ?? mine) });
    void earlier.then((kept) => {
      if (kept) {
        settle(kept);
        return replay(req, res, kept, maxBytes);
      }
      keep(res, settle);
      next();
    });
  };
}

function replay(req: Parameters<RequestHandler>[0], res: Response, kept: Kept, maxBytes: number) {
  // The whole body first, so the answer reaches a client that is still sending; within the upload's bound.
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
  req.once("end", () => {
    res.status(kept.status).type(kept.type).set("Idempotent-Replayed", "true").send(kept.body);
  });
}

/** The answer as the handler writes it (before compression), kept if it is a judgement. */
function keep(res: Response, settle: (kept: Kept | undefined) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size <= KEPT_BYTES) chunks.push(bytes);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response["end"];
  res.once("finish", () => {
    const judged = (res.statusCode >= 200 && res.statusCode < 300) || res.statusCode === 422;
    const type = String(res.getHeader("content-type") ?? "");
    settle(
      judged && size <= KEPT_BYTES && type.includes("json")
        ? { status: res.statusCode, type, body: Buffer.concat(chunks) }
        : undefined,
    );
  });
  res.once("close", () => settle(undefined));
}
