import * as z from "zod";
import { readSettings } from "../../env";
import { consumeEmails } from "../../lib/email-queue";
import type { Email } from "../../lib/mailer";
import { playerDb } from "../../db/shards";
import { confirmationEmailFor, findAccount } from "./accounts";
import { passwordResetEmail } from "./auth-emails";
import { issueEmailToken, retireEmailTokens } from "./email-tokens";

/**
 * A request for an emailed link (a password reset, a new confirmation) names only an address. The route queues it
 * unread, which is the same work whatever the address, and the email queue's consumer looks the address up: nothing a
 * caller can time, during or after the answer, depends on whether the address has an account.
 */
export const accountLinkRequestSchema = z.object({
  accountLink: z.enum(["password_reset", "confirm_email"]),
  address: z.string().min(3).max(254),
});

export type AccountLinkRequest = z.infer<typeof accountLinkRequestSchema>;

export const requestAccountLink = (env: Env, request: AccountLinkRequest) => env.EMAIL_QUEUE.send(request);

/** The email a queued link request sends: null when the address has no account (or none to confirm). */
export const accountLinkEmail = async (env: Env, { accountLink, address }: AccountLinkRequest): Promise<Email | null> => {
  const settings = readSettings(env);
  const now = Date.now();
  const account = await findAccount(env.DB, address);
  if (!account) return null;
  const d1 = playerDb(env, account.id);
  if (accountLink === "confirm_email") return confirmationEmailFor(d1, settings, account, now);
  const reset = await issueEmailToken(d1, account.id, "password_reset", now);
  // Only the newest link works.
  await d1.batch([retireEmailTokens(d1, account.id, "password_reset", now), reset.statement]);
  return passwordResetEmail(settings.APP_URL, account.email, reset.token);
};

/** For the email queue's consumer: the email a message asks for when it is a link request, undefined when it is not. */
const emailOfLinkRequest = (env: Env, body: unknown): Promise<Email | null> | undefined => {
  const request = accountLinkRequestSchema.safeParse(body);
  return request.success ? accountLinkEmail(env, request.data) : undefined;
};

/** The email queue's consumer: emails as they come, and the emails of link requests. */
export const consumeEmailQueue = (batch: MessageBatch, env: Env) => consumeEmails(batch, env, emailOfLinkRequest);
