import { describe, expect, it } from "vitest";
import { makeVapidKeys } from "./vapid-keys";

const bytes = (base64Url: string) => Buffer.from(base64Url, "base64url");

describe("makeVapidKeys", () => {
  it("makes a P-256 pair in the form the worker reads: a 65-byte point and a 32-byte scalar, base64url", async () => {
    const { publicKey, privateKey } = await makeVapidKeys();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(bytes(publicKey)).toHaveLength(65);
    expect(bytes(publicKey)[0]).toBe(4);
    expect(bytes(privateKey)).toHaveLength(32);
    // The lengths worker/env.ts requires of the secrets.
    expect(publicKey.length).toBeGreaterThanOrEqual(80);
    expect(privateKey.length).toBeGreaterThanOrEqual(40);
  });

  it("gives a private key that signs what the public key verifies", async () => {
    const { publicKey, privateKey } = await makeVapidKeys();
    const point = bytes(publicKey);
    const jwk = {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
      d: privateKey,
    };
    const signer = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
    const verifier = await crypto.subtle.importKey("raw", point, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    const data = new TextEncoder().encode("aud=https://fcm.googleapis.com");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, data);
    await expect(crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, signature, data)).resolves.toBe(
      true,
    );
  });

  it("makes a new pair each time", async () => {
    const [a, b] = await Promise.all([makeVapidKeys(), makeVapidKeys()]);
    expect(a.privateKey).not.toBe(b.privateKey);
  });
});
