import { describe, expect, it } from "vitest";
import { readFormBody, withBodyRead } from "./form-body.server";

const URLENCODED = { "content-type": "application/x-www-form-urlencoded" };
const post = (body: Uint8Array<ArrayBuffer> | string, headers: Record<string, string> = URLENCODED) =>
  new Request("http://localhost/contact", { method: "POST", headers, body });
const entries = (result: Awaited<ReturnType<typeof readFormBody>>) => (result.ok ? [...result.form] : result);

describe("readFormBody", () => {
  it("reads a URL-encoded body as Response.formData() does, byte for byte (BOMs, broken UTF-8, escapes)", async () => {
    const alphabet = [0x3d, 0x26, 0x25, 0x2b, 0xef, 0xbb, 0xbf, 0xff, 0x41, 0x32, 0x46, 0xc3, 0x0a];
    let seed = 40;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const bodies = [Buffer.from("\ufeffname=a&b=c"), Buffer.from("name=Ana+Mari%C4%87&message=%E2%82&x")];
    for (let i = 0; i < 2000; i++)
      bodies.push(
        Buffer.from(Array.from({ length: Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * 13)]!)),
      );
    for (const bytes of bodies) {
      const body = new Uint8Array(bytes);
      const expected = [...(await new Response(body, { headers: URLENCODED }).formData())];
      expect(entries(await readFormBody(post(body)))).toEqual(expected);
      const ahead = withBodyRead(
        new Request("http://localhost/contact", { method: "POST", headers: URLENCODED }),
        body,
      );
      expect(entries(await readFormBody(ahead))).toEqual(expected);
    }
  });

  it("holds a body read ahead to the same bound as one it reads itself", async () => {
    const body = new Uint8Array(Buffer.from(`message=${"a".repeat(100)}`));
    const ahead = () =>
      withBodyRead(new Request("http://localhost/contact", { method: "POST", headers: URLENCODED }), body);
    expect(await readFormBody(ahead(), 50)).toMatchObject({ ok: false, status: 413 });
    expect(await readFormBody(post(body), 50)).toMatchObject({ ok: false, status: 413 });
    expect(entries(await readFormBody(ahead(), 200))).toEqual([["message", "a".repeat(100)]]);
  });

  it("still reads multipart through the platform's parser, and refuses other media types", async () => {
    const form = new FormData();
    form.append("name", "Ana");
    const multipart = new Request("http://localhost/contact", { method: "POST", body: form });
    expect(entries(await readFormBody(multipart))).toEqual([["name", "Ana"]]);
    expect(await readFormBody(post("{}", { "content-type": "application/json" }))).toMatchObject({ status: 415 });
  });
});
