import type { z } from "@hono/zod-openapi";
import type { userSchema } from "./account-view.schemas";

/** The API document's examples of the accounts' requests and answers (checked against the schemas by its linters). */
export const exampleUser = {
  id: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
  email: "sam@example.com",
  username: "BoldFalcon42",
  country: "US",
  countryFlagUrl: "/flags/us.svg",
  countryManuallySet: false,
  role: "player",
  createdAt: 1767225600000,
  maxStreak: 7,
  referralCode: "SAM7QK2P",
} satisfies z.output<typeof userSchema>;

export const exampleSignup = {
  email: "sam@example.com",
  password: "correct horse battery",
  country: "US",
  ageConfirmed: true,
  username: "BoldFalcon42",
  ref: "RIVER9XZ",
} as const;

export const exampleLogin = { email: "sam@example.com", password: "correct horse battery" };

export const exampleToken = "d2hhdCBhIGxvdmVseSBkYXkgZm9yIGEgY29uZmlybWF0aW9u";
