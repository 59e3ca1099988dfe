import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { uploadOnce } from "./upload-once";

// A real Express app over loopback: the member comes from a header here (the staff guard's place), the handler counts
// how often it really ran and answers as the upload route does.
let server: Server | undefined;
afterEach(() => server?.close());

async function start(answers: number[] = [], ms = 200, maxBytes?: number) {
  let ran = 0;
  const app = express();
  app.use((req, res, next) => {
    const member = req.get("x-member");
    if (member) res.locals.staff = { id: member };
    next();
  });
  app.use(uploadOnce({ maxBytes }));
  app.post("/upload", (req, res) => {
    req.resume();
    req.on("end", () =>
      setTimeout(() => {
        ran++;
        const status = answers.shift() ?? 200;
        res.status(status).json(status === 200 ? { added: 1, run: ran } : { error: "x", run: ran });
      }, ms),
    );
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (key: string, member = "m1", body = "photo bytes") => {
    const r = await fetch(`${base}/upload`, {
      method: "POST",
      body,
      headers: { "idempotency-key": key, "x-member": member },
    });
    return { status: r.status, body: await r.json(), replayed: r.headers.get("idempotent-replayed") };
  };
  return { post, ran: () => ran };
}

const KEY = "0123456789abcdef0123456789abcdef";

describe("an upload sent again with the same key", () => {
  it("after the first was answered: the first answer, the handler not run again", async () => {
    const s = await start();
    const first = await s.post(KEY);
    const again = await s.post(KEY);
    expect(first).toEqual({ status: 200, body: { added: 1, run: 1 }, replayed: null });
    expect(again).toEqual({ status: 200, body: { added: 1, run: 1 }, replayed: "true" });
    expect(s.ran()).toBe(1);
  });

  it("a repeat's body is read within the upload's bound, as a first one's is: past it, the connection ends", async () => {
    const s = await start([], 0, 1_000);
    expect((await s.post(KEY)).status).toBe(200);
    await expect(s.post(KEY, "m1", "x".repeat(1_000_000))).rejects.toThrow();
    expect((await s.post(KEY, "m1", "x".repeat(900))).replayed).toBe("true");
    expect(s.ran()).toBe(1);
  });

  it("while the first is still handled: waits for it, and gets its answer", async () => {
    const s = await start([], 400);
    const [first, again] = await Promise.all([s.post(KEY), s.post(KEY)]);
    expect(first.body).toEqual({ added: 1, run: 1 });
    expect(again.body).toEqual({ added: 1, run: 1 });
    expect(s.ran()).toBe(1);
  });

  it("after an answer that judged nothing (a 5xx, a 408): handled afresh", async () => {
    const s = await start([503, 408]);
    expect((await s.post(KEY)).status).toBe(503);
    expect((await s.post(KEY)).status).toBe(408);
    expect(await s.post(KEY)).toEqual({ status: 200, body: { added: 1, run: 3 }, replayed: null });
    expect(s.ran()).toBe(3);
  });

  it("a refusal (422) is a judgement: kept", async () => {
    const s = await start([422]);
    await s.post(KEY);
    expect(await s.post(KEY)).toMatchObject({ status: 422, replayed: "true" });
    expect(s.ran()).toBe(1);
  });

  it("another member's same key, another key, a malformed key or none: each handled", async () => {
    const s = await start();
    await s.post(KEY);
    await s.post(KEY, "m2");
    await s.post(KEY.replace("0", "1"));
    await s.post("short");
    await s.post("short");
    expect(s.ran()).toBe(5);
  });
});
