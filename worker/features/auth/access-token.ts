import { jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../config";
import type { Role } from "./auth.types";

const ISSUER = "pickstreak";
const AUDIENCE = "pickstreak";
const ALGORITHM = "HS256";

/**
 * `referred`: whether the player has a referrer (fixed once the address is confirmed, and only confirmed players hold
 * sessions), so a pick can leave out the referral statements without reading the user first. Undefined for a token
 * signed before the claim existed.
 */
export type AccessClaims = { userId: string; sessionId: string; role: Role; referred?: boolean };

/**
 * The imported key, once per secret and isolate: handed the secret's bytes, jose imports it again on every call, which
 * cost about as much as the signature check itself.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const keyFrom = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
};

/** Tokens kept per secret and isolate: enough for every player an isolate serves within a token's life. */
export const VERIFIED_TOKENS_KEPT = 1_000;
type Verified = { claims: AccessClaims; expiresAtSeconds: number };
const verifiedBySecret = new Map<string, Map<string, Verified>>();

/**
 * A token already verified under this secret, while it is unexpired. A client sends the same token with every request
 * for 15 minutes, and checking its signature again was a twentieth of a signed-in read. Keyed by the whole token, so
 * only the exact bytes that passed can hit; revocation never relied on the token (sessions are checked in the
 * database), so remembering one changes nothing there.
 */
const rememberedClaims = (secret: string, token: string): AccessClaims | null => {
  const verified = verifiedBySecret.get(secret)?.get(token);
  if (!verified) return null;
  if (verified.expiresAtSeconds > Math.floor(Date.now() / 1000)) return verified.claims;
  verifiedBySecret.get(secret)?.delete(token);
  return null;
};

const remember = (secret: string, token: string, verified: Verified) => {
  let tokens = verifiedBySecret.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedBySecret.set(secret, tokens);
  }
  // A Map keeps insertion order: the first key is the oldest remembered.
  if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, verified);
};

export const signAccessToken = async (secret: string, claims: AccessClaims): Promise<string> =>
  new SignJWT({ sid: claims.sessionId, role: claims.role, ref: claims.referred })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await keyFrom(secret));

/** Null for anything but a well-formed, unexpired HS256 token of ours (alg "none" and other algorithms included). */
export const verifyAccessToken = async (secret: string, token: string): Promise<AccessClaims | null> => {
  const remembered = rememberedClaims(secret, token);
  if (remembered) return remembered;
  try {
    const { payload } = await jwtVerify(token, await keyFrom(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "sid", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const referred = typeof payload.ref === "boolean" ? payload.ref : undefined;
    const claims: AccessClaims = Object.freeze({ userId: payload.sub, sessionId: payload.sid, role: payload.role === "admin" ? "admin" : "player", referred });
    remember(secret, token, { claims, expiresAtSeconds: payload.exp! });
    return claims;
  } catch {
    return null;
  }
};
