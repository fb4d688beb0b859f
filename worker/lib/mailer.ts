import type { Context } from "hono";
import * as z from "zod";
import type { AppEnv, Settings } from "../env";
import { log } from "./log";

export const emailSchema = z.object({
  to: z.string().min(3).max(254),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(20_000),
});
export type Email = z.infer<typeof emailSchema>;

export type Mailer = { send(email: Email): Promise<void> };

/** Any transactional email API that takes a JSON POST with a bearer key (Resend, Postmark-style). */
const httpMailer = (url: string, apiKey: string, from: string): Mailer => ({
  async send(email) {
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from, to: email.to, subject: email.subject, text: email.text }),
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

/** Queues allow at most 100 messages in one sendBatch. */
const QUEUE_BATCH_LIMIT = 100;

/**
 * Hands emails to the email queue (email-queue.ts), whose consumer sends them and retries while the API fails. The
 * caller passes its data context's queue: lib/ knows nothing of the data context.
 */
export const queueEmails = async (queue: Queue, emails: Email[]) => {
  for (let start = 0; start < emails.length; start += QUEUE_BATCH_LIMIT) {
    await queue.sendBatch(emails.slice(start, start + QUEUE_BATCH_LIMIT).map((body) => ({ body })));
  }
};

/**
 * Queues without failing the request. Off the machine it runs after the response (waitUntil), so an answer never
 * takes longer because an email went out, which would tell a caller the address is registered.
 */
export const sendEmail = async <E extends AppEnv>(c: Context<E>, email: Email) => {
  const sending = queueEmails(c.var.data.queues.emails, [email]).catch((error: unknown) => {
    log("error", "email_enqueue_failed", { requestId: c.var.requestId, subject: email.subject, error: String(error) });
  });
  const local = c.var.settings.ENVIRONMENT === "development" || c.var.settings.ENVIRONMENT === "test";
  if (local) await sending;
  else c.executionCtx.waitUntil(sending);
};
