import { and, eq, isNull } from "drizzle-orm";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";

/** No 0/O, 1/I/L: a code read aloud or copied by hand still works. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 8;
/** Bytes at or above this would make the first letters more likely than the rest. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export const newReferralCode = (): string => {
  let code = "";
  while (code.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH))) {
      if (byte < UNBIASED_LIMIT && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
};

export const findReferrer = async (d1: D1Database, code: string): Promise<string | null> => {
  const [row] = await createDb(d1)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), isNull(users.deletedAt)));
  return row?.id ?? null;
};
