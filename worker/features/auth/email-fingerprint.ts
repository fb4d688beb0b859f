import type { Settings } from "../../env";

/** One person's address however it is spelled to us: lower case, without a `+tag` after the local part. */
export const normaliseEmail = (email: string): string => {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const [local = ""] = lower.slice(0, at).split("+");
  return `${local}${lower.slice(at)}`;
};

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * A keyed hash (HMAC-SHA256) of the normalised address, kept after the account is deleted: it recognises the
 * address again without storing it, and without the key it cannot be reversed by hashing candidate addresses.
 * Its own secret, when set, lets the session secret be rotated without forgetting which addresses had bonuses.
 */
export const emailFingerprint = async (settings: Settings, email: string): Promise<string> => {
  const secret = settings.EMAIL_FINGERPRINT_SECRET ?? settings.SESSION_SECRET;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`email-fingerprint:v1:${normaliseEmail(email)}`)));
};
