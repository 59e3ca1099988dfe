// A push service on loopback (RFC 8030) and browser-side subscriptions made here: headless Chromium cannot subscribe to a
// real push service (no network). What arrives is decrypted as a browser would (RFC 8291, by http_ece).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export function makeDevice() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth,
    decrypt: (body: Buffer) => ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }),
  };
}

type PushRequest = { path: string; at: number; headers: IncomingHttpHeaders; body: Buffer; answered?: number };
export type PushAnswer = { status: number; headers?: Record<string, string> } | "hold";

export async function startPushService(port = 0) {
  const requests: PushRequest[] = [];
  const scripted = new Map<string, PushAnswer[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const request: PushRequest = { path, at: Date.now(), headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      const answer = scripted.get(path)?.shift() ?? { status: 201 };
      if (answer === "hold") return;
      request.answered = answer.status;
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    answer(path: string, ...answers: PushAnswer[]) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    accepted: (path: string) =>
      requests.filter((r) => r.path === path && (r.answered ?? 0) >= 200 && (r.answered ?? 0) < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checked as a push service checks it (RFC 8292): the JWT signed ES256 by that key, for this origin, not expired. */
export function checkVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header, claims, signature] = match[1]!.split(".") as [string, string, string];
  const point = Buffer.from(match[2]!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID JWT's signature does not verify");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`VAPID aud ${body.aud}, expected ${audience}`);
  if (body.exp * 1000 < Date.now()) throw new Error("VAPID JWT expired");
  return { ...body, publicKey: match[2]! };
}
