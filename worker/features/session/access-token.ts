import { jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../config";
import type { AccessClaims } from "../../lib/viewer";

const ISSUER = "pickstreak";
const AUDIENCE = "pickstreak";
const ALGORITHM = "HS256";

/**
 * `referred`: whether the player has a referrer (fixed once the address is confirmed, and only confirmed players hold
 * sessions), so a pick can leave out the referral statements without reading the user first. Undefined for a token
 * signed before the claim existed.
 */
export type { AccessClaims };

/** Tokens kept per secret and isolate: enough for every player an isolate serves within a token's life. */
export const VERIFIED_TOKENS_KEPT = 1_000;
type Verified = { claims: AccessClaims; expiresAtSeconds: number };

/**
 * Per secret and isolate: the imported key (handed the secret's bytes, jose imports it again on every call, which cost
 * about as much as the signature check itself) and the tokens already verified under it.
 */
const bySecret = new Map<string, { key: Promise<CryptoKey>; verified: Map<string, Verified> }>();
const secretState = (secret: string) => {
  let state = bySecret.get(secret);
  if (!state) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    state = { key, verified: new Map() };
    bySecret.set(secret, state);
  }
  return state;
};

/**
 * A token already verified under this secret, while it is unexpired. A client sends the same token with every request
 * for 15 minutes, and checking its signature again was a twentieth of a signed-in read. Keyed by the whole token, so
 * only the exact bytes that passed can hit; revocation never relied on the token (sessions are checked in the
 * database), so remembering one changes nothing there.
 */
const rememberedClaims = (verified: Map<string, Verified>, token: string): AccessClaims | null => {
  const remembered = verified.get(token);
  if (!remembered) return null;
  if (remembered.expiresAtSeconds > Math.floor(Date.now() / 1000)) return remembered.claims;
  verified.delete(token);
  return null;
};

const remember = (verified: Map<string, Verified>, token: string, entry: Verified) => {
  // A Map keeps insertion order: the first key is the oldest remembered.
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
};

export const signAccessToken = async (secret: string, claims: AccessClaims): Promise<string> =>
  new SignJWT({ sid: claims.sessionId, role: claims.role, ref: claims.referred })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await secretState(secret).key);

/** Null for anything but a well-formed, unexpired HS256 token of ours (alg "none" and other algorithms included). */
export const verifyAccessToken = async (secret: string, token: string): Promise<AccessClaims | null> => {
  const { key, verified } = secretState(secret);
  const remembered = rememberedClaims(verified, token);
  if (remembered) return remembered;
  try {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "sid", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const referred = typeof payload.ref === "boolean" ? payload.ref : undefined;
    const claims: AccessClaims = Object.freeze({
      userId: payload.sub,
      sessionId: payload.sid,
      role: payload.role === "admin" ? "admin" : "player",
      referred,
    });
    remember(verified, token, { claims, expiresAtSeconds: payload.exp! });
    return claims;
  } catch {
    return null;
  }
};
