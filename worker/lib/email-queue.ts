import { readSettings } from "../env";
import { log } from "./log";
import { backoffSeconds } from "./queue-backoff";
import { createMailer, emailSchema } from "./mailer";

/**
 * The email queue's consumer: each message is one email, sent through the environment's mailer. An email API that
 * fails is tried again with growing delays, and after the queue's last try the message lands in its dead-letter
 * queue rather than being lost in a log line.
 */
export const consumeEmails = async (batch: MessageBatch, env: Env) => {
  const mailer = createMailer(readSettings(env), env.DB);
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = emailSchema.safeParse(message.body);
      if (!parsed.success) {
        log("error", "email_message_dropped", { id: message.id });
        message.ack();
        return;
      }
      try {
        await mailer.send(parsed.data);
        message.ack();
      } catch (error) {
        log("error", "email_failed", { subject: parsed.data.subject, attempt: message.attempts, error: String(error) });
        message.retry({ delaySeconds: backoffSeconds(message.attempts, { firstSeconds: 10, maxSeconds: 600 }) });
      }
    }),
  );
};
