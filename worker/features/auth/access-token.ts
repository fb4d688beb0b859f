import { jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../config";
import type { Role } from "./auth.types";

const ISSUER = "pickstreak";
const AUDIENCE = "pickstreak";
const ALGORITHM = "HS256";

export type AccessClaims = { userId: string; sessionId: string; role: Role };

const keyFrom = (secret: string) => new TextEncoder().encode(secret);

export const signAccessToken = (secret: string, claims: AccessClaims): Promise<string> =>
  new SignJWT({ sid: claims.sessionId, role: claims.role })
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
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role === "admin" ? "admin" : "player" };
  } catch {
    return null;
  }
};
