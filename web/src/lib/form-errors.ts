import type * as z from "zod";

/** The first message for each field, the way the forms show them. */
export const fieldErrors = <T extends string>(error: z.ZodError): Partial<Record<T, string>> => {
  const errors: Partial<Record<T, string>> = {};
  for (const issue of error.issues) errors[issue.path[0] as T] ??= issue.message;
  return errors;
};
