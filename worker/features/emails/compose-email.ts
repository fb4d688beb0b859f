import type { Email } from "../../lib/mailer";
import { textOf, type EmailMessage } from "./email-message";

/**
 * The email to send, both parts. The HTML's code (React and the layout) is loaded by the first email an isolate
 * writes, not by every request's start.
 */
export const composeEmail = async (message: EmailMessage): Promise<Email> => {
  const { htmlOf } = await import("./email-layout");
  return { to: message.to, subject: message.subject, text: textOf(message), html: htmlOf(message) };
};
