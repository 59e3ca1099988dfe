// A push service on loopback (RFC 8030's receiving end, as FCM or Mozilla's autopush would be), and
// browser-side subscriptions a test makes itself: headless Chromium cannot subscribe to a real push
// service here (no network), so the server is tested against this stand-in, and what arrives is
// decrypted as a browser would (RFC 8291, by http_ece, the library web-push encrypts with).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

/** A browser's subscription keys, made here: the P-256 key pair the payload is encrypted to and
 * the 16-byte auth secret. */
export function makeDevice() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth,
    /** The payload of one push request, decrypted as the browser would. */
    decrypt: (body: Buffer) => ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }),
  };
}

export type PushRequest = { path: string; at: number; headers: IncomingHttpHeaders; body: Buffer; answered?: number };
/** How the stand-in answers one request: a status (and headers), or "hold" (never: the caller hangs). */
export type PushAnswer = { status: number; headers?: Record<string, string> } | "hold";

/** The stand-in: every request kept, answered 201 unless a test queued other answers for its path. */
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
    /** The next answers to requests for `path`, in order (then 201 again). */
    answer(path: string, ...answers: PushAnswer[]) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    /** Requests for `path` the stand-in accepted (answered 2xx). */
    accepted: (path: string) =>
      requests.filter((r) => r.path === path && (r.answered ?? 0) >= 200 && (r.answered ?? 0) < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`) checked as a push
 * service checks it: the JWT signed ES256 by that key, for this origin, not expired, with a
 * subject. Returns the JWT's claims. */
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
