import * as z from "zod";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** One schema for the Contact Us form and POST /api/contact. */
export const contactMessageSchema = z.object({
  name: required("Name", 100),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  subject: required("Subject", 200),
  message: required("Message", 5000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
