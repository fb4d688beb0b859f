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

const keyFrom = (secret: string) => new TextEncoder().encode(secret);

export const signAccessToken = (secret: string, claims: AccessClaims): Promise<string> =>
  new SignJWT({ sid: claims.sessionId, role: claims.role, ref: claims.referred })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keyFrom(secret));

/** Null for anything but a well-formed, unexpired HS256 token of ours (alg "none" and other algorithms included). */
export const verifyAccessToken = async (secret: string, token: string): Promise<AccessClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "sid", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const referred = typeof payload.ref === "boolean" ? payload.ref : undefined;
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role === "admin" ? "admin" : "player", referred };
  } catch {
    return null;
  }
};
