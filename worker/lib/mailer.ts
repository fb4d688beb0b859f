import * as z from "zod";
import type { Settings } from "../env";

export const emailSchema = z.object({
  to: z.string().min(3).max(254),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(20_000),
  /**
   * The same email as HTML, drawn from the same template as `text` (worker/features/emails/email-message.ts). Optional
   * only for what an earlier release queued or kept without it, which goes out as text alone.
   */
  html: z.string().min(1).max(100_000).optional(),
  /** Keys the send at an API that honours Idempotency-Key, so a send repeated after a crash goes out once. */
  key: z.string().min(1).max(64).optional(),
});
export type Email = z.infer<typeof emailSchema>;

export type Mailer = { send(email: Email): Promise<void> };

/** Any transactional email API that takes a JSON POST with a bearer key (Resend, Postmark-style). */
const httpMailer = (url: string, apiKey: string, from: string): Mailer => ({
  async send(email) {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey}`,
        "Content-Type": "application/json",
        ...(email.key ? { "Idempotency-Key": email.key } : {}),
      },
      // Both parts side by side (Resend's `html` and `text`): the reader's client shows the one it can. JSON leaves out an
      // html that is undefined.
      body: JSON.stringify({ from, to: email.to, subject: email.subject, html: email.html, text: email.text }),
    });
    if (!response.ok) throw new Error(`Email API answered ${response.status}`);
  },
});

/** The email API where one is configured; locally, and without one, `local` (the development outbox). */
export const createMailer = (settings: Settings, local: Mailer): Mailer => {
  const { EMAIL_API_URL: url, EMAIL_API_KEY: key } = settings;
  if (settings.ENVIRONMENT === "development" || settings.ENVIRONMENT === "test" || !url || !key) return local;
  return httpMailer(url, key, settings.EMAIL_FROM ?? `Pickstreak <no-reply@${new URL(settings.APP_URL).hostname}>`);
};
