import {
  PASSWORD_DIGEST,
  PASSWORD_HASH_BYTES,
  PASSWORD_ITERATIONS,
  PASSWORD_SALT_BYTES,
  type StoredPassword,
} from "#shared/password-format";

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (value: string): Uint8Array => Uint8Array.from(atob(value), (char) => char.charCodeAt(0));

const derive = async (password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> => {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: PASSWORD_DIGEST.webCrypto, salt, iterations },
    key,
    PASSWORD_HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
};

const equalInConstantTime = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
};

export const hashPassword = async (password: string): Promise<StoredPassword> => {
  const salt = crypto.getRandomValues(new Uint8Array(PASSWORD_SALT_BYTES));
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations: PASSWORD_ITERATIONS };
};

export const verifyPassword = async (password: string, stored: StoredPassword): Promise<boolean> => {
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  return equalInConstantTime(actual, fromBase64(stored.hash));
};

const DUMMY_SALT = new Uint8Array(PASSWORD_SALT_BYTES);

/** Spends the same work as a real check, so an unknown email answers as slowly as a wrong password. */
export const burnPasswordCheck = async (password: string): Promise<false> => {
  await derive(password, DUMMY_SALT, PASSWORD_ITERATIONS);
  return false;
};
