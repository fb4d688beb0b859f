import { z } from "@hono/zod-openapi";
import { ageConfirmedSchema, countrySchema, emailSchema, passwordSchema } from "#shared/auth";
import {
  isCleanUsername,
  isReservedUsername,
  USERNAME_EMPTY_MESSAGE,
  USERNAME_FORMAT_MESSAGE,
  USERNAME_PATTERN,
  USERNAME_PROFANE_MESSAGE,
  USERNAME_RESERVED_MESSAGE,
} from "./username";

const LINK_MESSAGE = "This link is invalid or has expired.";

/**
 * Profile edits: empty is refused with the "reverted" message; the profanity check comes before the format,
 * and names that pass for staff or a system account after it.
 */
export const usernameSchema = z
  .string({ error: USERNAME_EMPTY_MESSAGE })
  .trim()
  .min(1, USERNAME_EMPTY_MESSAGE)
  .refine(isCleanUsername, USERNAME_PROFANE_MESSAGE)
  .regex(USERNAME_PATTERN, USERNAME_FORMAT_MESSAGE)
  .refine((name) => !isReservedUsername(name), USERNAME_RESERVED_MESSAGE);

/** Sign-up: blank means "give me a random name". */
const signupUsernameSchema = z
  .string()
  .trim()
  .refine((name) => name === "" || isCleanUsername(name), USERNAME_PROFANE_MESSAGE)
  .refine((name) => name === "" || USERNAME_PATTERN.test(name), USERNAME_FORMAT_MESSAGE)
  .refine((name) => !isReservedUsername(name), USERNAME_RESERVED_MESSAGE)
  .nullish();

export const signupSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    country: countrySchema,
    ageConfirmed: ageConfirmedSchema.openapi({
      description: "The player confirms they are 18 or older, as the terms require; anything but true is refused",
    }),
    username: signupUsernameSchema,
    ref: z.string().trim().toUpperCase().max(64).nullish().openapi({ description: "A referral code" }),
  })
  .openapi("SignupRequest");

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema }).openapi("LoginRequest");

export const emailOnlySchema = z.object({ email: emailSchema }).openapi("EmailRequest");

export const tokenSchema = z
  .object({ token: z.string({ error: LINK_MESSAGE }).min(1, LINK_MESSAGE).max(200, LINK_MESSAGE) })
  .openapi("TokenRequest");

export const resetCompleteSchema = tokenSchema.extend({ password: passwordSchema }).openapi("PasswordResetComplete");

/** A password sent with the confirmation becomes the account's; an address signed up for twice needs one (0030-accounts.md). */
export const confirmSchema = tokenSchema
  .extend({ password: passwordSchema.optional().openapi({ description: "Chosen by whoever opened the link" }) })
  .openapi("ConfirmRequest");

export const okSchema = z.object({ ok: z.literal(true) }).openapi("Ok");

export const INVALID_LINK_MESSAGE = LINK_MESSAGE;

/** The sign-up and sign-in field rules live in shared/ so the web forms say the same words. */
export { countrySchema, emailSchema, passwordSchema };
