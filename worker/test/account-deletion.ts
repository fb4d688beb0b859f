import { env } from "cloudflare:test";
import { hashPassword } from "../features/auth/password";
import { DEFAULT_PASSWORD } from "./accounts";
import { apiClient } from "./client";
import { updateAccount } from "./players";

/** DELETE /api/me as a player deletes their account: with their password, cancelling the redemptions named. */
export const deleteAccount = (
  headers: Record<string, string>,
  { password = DEFAULT_PASSWORD, cancelRedemptions = [] as string[], testEnv = env } = {},
) => apiClient({ headers, env: testEnv }).me.$delete({ json: { password, cancelRedemptions } });

/** Gives a player made without a sign-up (signedInPlayer) the default password, so they can delete their account. */
export const giveDefaultPassword = async (userId: string, testEnv: Env = env) => {
  const { hash, salt, iterations } = await hashPassword(DEFAULT_PASSWORD);
  await updateAccount(userId, "password_hash = ?, password_salt = ?, password_iterations = ?", {
    values: [hash, salt, iterations],
    env: testEnv,
  });
};
