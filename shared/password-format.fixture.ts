import type { StoredPassword } from "./password-format";

/** Made once with scripts/lib/password.ts (node:crypto); the worker test verifies it with WebCrypto. */
export const NODE_MADE_PASSWORD: { password: string; stored: StoredPassword } = {
  password: "password123",
  stored: {
    hash: "Q+2UtmVobpym8uE6jdJ71ae8WF4mB3ifHcmrmkFt4ho=",
    salt: "AAECAwQFBgcICQoLDA0ODw==",
    iterations: 100_000,
  },
};
