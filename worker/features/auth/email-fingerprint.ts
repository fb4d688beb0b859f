import type { Settings } from "../../env";
import { normaliseEmail } from "./mailbox";

export { normaliseEmail };

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * A keyed hash (HMAC-SHA256) of a normalised address, kept after the account is deleted: it recognises the
 * address again without storing it, and without the key it cannot be reversed by hashing candidate addresses.
 * Its own secret, when set, lets the session secret be rotated without forgetting which addresses had bonuses.
 */
const fingerprintOf = async (settings: Settings, normalised: string): Promise<string> => {
  const secret = settings.EMAIL_FINGERPRINT_SECRET ?? settings.SESSION_SECRET;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`email-fingerprint:v1:${normalised}`)));
};

/** The mailbox's fingerprint: what a claim is written under. */
export const emailFingerprint = (settings: Settings, email: string): Promise<string> =>
  fingerprintOf(settings, normaliseEmail(email));

/**
 * Lower case and `+tag` dropped, nothing per provider: claims written before the per-provider rules hold this form,
 * and their hashes cannot be recomputed without the addresses, which deleted accounts no longer have.
 */
const caseAndTagForm = (email: string): string => {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const [local = ""] = lower.slice(0, at).split("+");
  return `${local}${lower.slice(at)}`;
};

/**
 * The mailbox's fingerprint (`current`) and the case-and-tag form's (`earlier`, the same hash when both forms agree,
 * as they do for most addresses): a claim under either belongs to this address.
 */
export const emailFingerprints = async (settings: Settings, email: string) => {
  const normalised = normaliseEmail(email);
  const earlierForm = caseAndTagForm(email);
  const current = await fingerprintOf(settings, normalised);
  return { current, earlier: earlierForm === normalised ? current : await fingerprintOf(settings, earlierForm) };
};
