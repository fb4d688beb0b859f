/**
 * How a password is stored (users.password_hash, password_salt, password_iterations).
 * The worker (WebCrypto) and the Node seed script (node:crypto) both follow it, so either can verify the other's hashes.
 */

/** 100,000 is the most PBKDF2 iterations production Workers accept; stored per user so it can be raised later. */
export const PASSWORD_ITERATIONS = 100_000;
export const PASSWORD_SALT_BYTES = 16;
export const PASSWORD_HASH_BYTES = 32;
/** The same digest under its WebCrypto and its node:crypto name. */
export const PASSWORD_DIGEST = { webCrypto: "SHA-256", node: "sha256" } as const;

/** hash and salt are standard base64 (with padding). */
export type StoredPassword = { hash: string; salt: string; iterations: number };
