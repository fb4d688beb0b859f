import { jwtVerify, SignJWT } from "jose";
import { DEVICE_COOKIE_TTL_SECONDS } from "../../config";
import { randomToken, sha256Hex } from "../../lib/ids";

const ISSUER = "pickstreak";
/** Its own audience and key, so a device cookie can never pass for an access token or the other way round. */
const AUDIENCE = "pickstreak-device";
const ALGORITHM = "HS256";

type Holder = { id: string; passwordSalt: string | null };

let cached: { secret: string; key: Promise<Uint8Array> } | undefined;

/** HKDF from the session secret: one secret to manage, a separate key for each use. */
const keyFor = (secret: string) => {
  if (cached?.secret !== secret) {
    const key = crypto.subtle
      .importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"])
      .then((base) =>
        crypto.subtle.deriveBits(
          {
            name: "HKDF",
            hash: "SHA-256",
            salt: new Uint8Array(),
            info: new TextEncoder().encode("pickstreak device cookie"),
          },
          base,
          256,
        ),
      )
      .then((bits) => new Uint8Array(bits));
    cached = { secret, key };
  }
  return cached.key;
};

/**
 * Every password change draws a new salt, so this tag retires the device cookies issued before it: whoever signed
 * in with an old (perhaps stolen) password cannot keep guessing the new one outside the per-account limit.
 */
const passwordTag = async (salt: string) => (await sha256Hex(salt)).slice(0, 16);

export const signDeviceCookie = async (secret: string, account: Holder & { passwordSalt: string }): Promise<string> =>
  new SignJWT({ pwd: await passwordTag(account.passwordSalt) })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(account.id)
    .setJti(randomToken(16))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_COOKIE_TTL_SECONDS}s`)
    .sign(await keyFor(secret));

/**
 * The nonce of the browser a device cookie names, when the cookie is ours, unexpired, and for this account and its
 * current password; null otherwise (the sign-in is then from an unknown device).
 */
export const deviceNonce = async (
  secret: string,
  cookie: string | undefined,
  account: Holder | null,
): Promise<string | null> => {
  if (!cookie || !account?.passwordSalt) return null;
  try {
    const { payload } = await jwtVerify(cookie, await keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "jti", "exp", "pwd"],
    });
    const current = payload.sub === account.id && payload.pwd === (await passwordTag(account.passwordSalt));
    return current && typeof payload.jti === "string" ? payload.jti : null;
  } catch {
    return null;
  }
};
