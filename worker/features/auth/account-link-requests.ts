import * as z from "zod";
import type { DataContext } from "../../db/data-context";
import { readSettings, type Settings } from "../../env";
import { consumeEmails } from "../../lib/email-queue";
import { createMailer, type Email } from "../../lib/mailer";
import { outboxMailer } from "../dev/outbox-mailer";
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

/** The email queue's consumer: emails as they come, and the emails of link requests. */
export const consumeEmailQueue = async (batch: MessageBatch, data: DataContext, env: Env) => {
  const settings = readSettings(env);
  // The email of a message that is a link request; undefined for a message that is an email already.
  return consumeEmails(batch, createMailer(settings, outboxMailer(data.catalogue)), (body) => {
    const request = accountLinkRequestSchema.safeParse(body);
    return request.success ? accountLinkEmail(data, settings, request.data) : undefined;
  });
};
