import * as z from "zod";
import type { DataContext } from "../../db/data-context";
import { readSettings, type Settings } from "../../env";
import { consumeEmails } from "../../lib/email-queue";
import type { Email } from "../../lib/mailer";
import { mailerFor, sendEmailsIn, sendEmailsMessageSchema } from "../emails/email-sends";
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

export const requestAccountLink = (data: DataContext, request: AccountLinkRequest) => data.queues.emails.send(request);

/** The email a queued link request sends: null when the address has no account (or none to confirm). */
const accountLinkEmail = async (
  data: DataContext,
  settings: Settings,
  { accountLink, address }: AccountLinkRequest,
): Promise<Email | null> => {
  const now = Date.now();
  const account = await findAccount(data.catalogue, address);
  if (!account) return null;
  const d1 = data.player(account.id);
  if (accountLink === "confirm_email") return confirmationEmailFor(d1, settings, account, now);
  const reset = await issueEmailToken(d1, account.id, "password_reset", now);
  // Only the newest link works.
  await d1.batch([retireEmailTokens(d1, account.id, "password_reset", now), reset.statement]);
  return passwordResetEmail(settings.APP_URL, account.email, reset.token);
};

/**
 * The email queue's consumer: a database's waiting emails (email-sends.ts), the emails of link requests, and emails as
 * they come (what an earlier release queued).
 */
export const consumeEmailQueue = async (batch: MessageBatch, data: DataContext, env: Env) => {
  const settings = readSettings(env);
  // What a message asks to be written or sent here; undefined for a message that is an email already.
  return consumeEmails(batch, mailerFor(data, settings), (body) => {
    const waiting = sendEmailsMessageSchema.safeParse(body);
    if (waiting.success) return sendEmailsIn(data, settings, waiting.data.sendEmailsIn).then(() => null);
    const request = accountLinkRequestSchema.safeParse(body);
    return request.success ? accountLinkEmail(data, settings, request.data) : undefined;
  });
};
