/**
 * A VAPID key pair (RFC 8292) as worker/env.ts reads it: the public key as the uncompressed P-256 point (65 bytes)
 * and the private key as the scalar `d` (32 bytes), both base64url without padding. WebCrypto only, so nothing is
 * downloaded and the private key never leaves the machine that runs it.
 */
export type VapidKeyPair = { publicKey: string; privateKey: string };

const base64Url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString("base64url");

export const makeVapidKeys = async (): Promise<VapidKeyPair> => {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = base64Url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  if (!d) throw new Error("WebCrypto exported a private key without its scalar");
  return { publicKey, privateKey: d };
};
