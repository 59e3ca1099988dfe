// A passkey authenticator in software: Chromium's virtual one cannot be made to send UV=0 when the site requires
// verification (the browser refuses first); this one can, so the server's own check is what a test proves.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

type Credential = { id: string; privateKey: KeyObject; userHandle: string; counter: number };

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const credentials: Credential[] = [];
  const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const flags = (verified: boolean) => FLAG_USER_PRESENT | (verified ? FLAG_USER_VERIFIED : 0);

  return {
    credentials,
    register(options: PublicKeyCredentialCreationOptionsJSON, { verified = true } = {}): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const id = randomBytes(16);
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cose)]);
      const authData = authenticatorData(rpId, flags(verified) | FLAG_ATTESTED_DATA, 0, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", new Uint8Array(authData)],
        ]),
      );
      credentials.push({ id: b64url(id), privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    assert(
      options: PublicKeyCredentialRequestOptionsJSON,
      { verified = true, credentialId }: { verified?: boolean; credentialId?: string } = {},
    ): AuthenticationResponseJSON {
      const credential = credentialId ? credentials.find((c) => c.id === credentialId) : credentials.at(-1);
      if (!credential) throw new Error("the soft authenticator holds no such passkey");
      credential.counter++;
      const data = clientData("webauthn.get", options.challenge);
      const authData = authenticatorData(rpId, flags(verified), credential.counter);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
