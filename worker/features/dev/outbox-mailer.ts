import { createDb } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Mailer } from "../../lib/mailer";

/** Local development and tests: the email_outbox table (the development entry lists it) and the console. */
export const outboxMailer = (d1: D1Database): Mailer => ({
  async send(email) {
    await createDb(d1)
      .insert(emailOutbox)
      .values({ id: newId(), toEmail: email.to, subject: email.subject, text: email.text, createdAt: Date.now() });
    const links = email.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(`[email] to ${email.to}: ${email.subject} ${links.join(" ")}`);
  },
});
