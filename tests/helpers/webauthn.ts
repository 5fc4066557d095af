import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { type CBORType, encodeCBOR } from "@levischuck/tiny-cbor";

/**
 * A passkey authenticator in software, for the API tests: an ES256 key pair that answers the
 * browser's part of WebAuthn as a platform authenticator does (a "none" attestation when registering,
 * a signed assertion when logging in), so the server's checks run on real signatures. The browser
 * journeys use Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export function softwareAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  let counter = 0;
  // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
  const coseKey = new Map<number, CBORType>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x as string, "base64url"))],
    [-3, new Uint8Array(Buffer.from(jwk.y as string, "base64url"))],
  ]);
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  // User present and verified.
  const UP_UV = 0x01 | 0x04;

  return {
    id: b64url(credentialId),

    /** The answer to registration options (`challenge` from the server). */
    register(options: { challenge: string }) {
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP_UV | 0x40]),
        u32(counter),
        Buffer.alloc(16),
        Buffer.from([0, credentialId.length]),
        credentialId,
        Buffer.from(encodeCBOR(coseKey)),
      ]);
      const attestation = new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", new Uint8Array(authData)],
      ]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(encodeCBOR(attestation)),
          transports: ["internal"],
        },
      };
    },

    /** The answer to authentication options; `origin` other than the authenticator's own, for a phishing test. */
    authenticate(options: { challenge: string }, at = origin) {
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV]), u32(counter)]);
      const data = clientData("webauthn.get", options.challenge, at);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      };
    },
  };
}
