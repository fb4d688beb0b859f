import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../config";
import { newId } from "../../lib/ids";
import { signAccessToken, verifyAccessToken, VERIFIED_TOKENS_KEPT, type AccessClaims } from "../session/access-token";

const freshSecret = () => `secret-${newId()}-${newId()}`;
const claims = (): AccessClaims => ({ userId: newId(), sessionId: newId(), role: "player", referred: false });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("access token verification", () => {
  it("checks a token's signature once, then answers from memory with the same claims", async () => {
    const secret = freshSecret();
    const token = await signAccessToken(secret, claims());
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    const first = await verifyAccessToken(secret, token);
    const second = await verifyAccessToken(secret, token);
    expect(first).not.toBeNull();
    expect(second).toEqual(first);
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it("imports each secret's key once, for signing and verifying", async () => {
    const secret = freshSecret();
    const imports = vi.spyOn(crypto.subtle, "importKey");
    const tokens = await Promise.all([signAccessToken(secret, claims()), signAccessToken(secret, claims())]);
    for (const token of tokens) expect(await verifyAccessToken(secret, token)).not.toBeNull();
    expect(imports).toHaveBeenCalledTimes(1);
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = freshSecret();
    const token = await signAccessToken(secret, claims());
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 1000);
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });

  it("never accepts a token under a secret it was not verified with", async () => {
    const secret = freshSecret();
    const token = await signAccessToken(secret, claims());
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    expect(await verifyAccessToken(freshSecret(), token)).toBeNull();
  });

  it("remembers a bounded number of tokens, forgetting the oldest first", async () => {
    const secret = freshSecret();
    const oldest = await signAccessToken(secret, claims());
    await verifyAccessToken(secret, oldest);
    const newest = await signAccessToken(secret, claims());
    const others = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT - 1 }, () => signAccessToken(secret, claims())),
    );
    for (const token of others) await verifyAccessToken(secret, token);
    await verifyAccessToken(secret, newest);
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    expect(await verifyAccessToken(secret, others.at(-1)!)).not.toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(0);
    expect(await verifyAccessToken(secret, oldest)).not.toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });
});
