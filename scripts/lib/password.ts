import { pbkdf2Sync, randomBytes } from "node:crypto";
import {
  PASSWORD_DIGEST,
  PASSWORD_HASH_BYTES,
  PASSWORD_ITERATIONS,
  PASSWORD_SALT_BYTES,
  type StoredPassword,
} from "#shared/password-format";

/** The same stored format as the worker's hashPassword, for scripts that create accounts (the local seed). */
export const hashPassword = (password: string, salt: Buffer = randomBytes(PASSWORD_SALT_BYTES)): StoredPassword => ({
  hash: pbkdf2Sync(password, salt, PASSWORD_ITERATIONS, PASSWORD_HASH_BYTES, PASSWORD_DIGEST.node).toString("base64"),
  salt: salt.toString("base64"),
  iterations: PASSWORD_ITERATIONS,
});
