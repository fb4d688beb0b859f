import * as z from "zod";
import { isCountryCode } from "./countries";

/** The sign-up and sign-in rules, shared by the forms and the API so both say the same words. */
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_MESSAGE = "Password must be at least 6 characters";
export const COUNTRY_MESSAGE = "Please select your country";
/** The terms admit players of 18 and over: sign-up asks, and redemption asks again. */
export const AGE_CONFIRMATION_MESSAGE = "You must confirm you are 18 or older to sign up";

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE));

export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .min(6, PASSWORD_MESSAGE)
  .max(1000, "Password must be at most 1000 characters");

export const countrySchema = z
  .string({ error: COUNTRY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, COUNTRY_MESSAGE);

export const ageConfirmedSchema = z.literal(true, { error: AGE_CONFIRMATION_MESSAGE });

export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });

export const signupFormSchema = loginFormSchema.extend({ country: countrySchema, ageConfirmed: ageConfirmedSchema });
