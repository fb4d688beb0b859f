import { log } from "./log";
import { backoffSeconds } from "./queue-backoff";
import { emailSchema, type Email, type Mailer } from "./mailer";

/**
 * The email a message asks to be written here rather than carrying it (a link request that must look an address up
 * off the request's path): a promise of it, null for nothing to send, or undefined when the message is not such a request.
 */
export type EmailOfRequest = (body: unknown) => Promise<Email | null> | undefined;

/**
 * The email queue's consumer: each message is one email, or a request `emailOf` writes the email for, sent through
 * `mailer`. A message that fails (the email API, or writing the email) is tried again with growing
 * delays, and after the queue's last try it lands in its dead-letter queue rather than being lost in a log line.
 */
export const consumeEmails = async (batch: MessageBatch, mailer: Mailer, emailOf: EmailOfRequest) => {
  await Promise.all(
    batch.messages.map(async (message) => {
      const requested = emailOf(message.body);
      const parsed = requested ? null : emailSchema.safeParse(message.body);
      if (parsed && !parsed.success) {
        log("error", "email_message_dropped", { id: message.id });
        message.ack();
        return;
      }
      try {
        const email = requested ? await requested : parsed?.data;
        if (email) await mailer.send(email);
        message.ack();
      } catch (error) {
        log("error", "email_failed", {
          subject: parsed?.data?.subject ?? "requested",
          attempt: message.attempts,
          error: String(error),
        });
        message.retry({ delaySeconds: backoffSeconds(message.attempts, { firstSeconds: 10, maxSeconds: 600 }) });
      }
    }),
  );
};
