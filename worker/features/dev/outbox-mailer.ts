import { desc, sql } from "drizzle-orm";
import { DEV_OUTBOX_LIMIT } from "../../config";
import { createDb } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Mailer } from "../../lib/mailer";

/** Local development and tests: the email_outbox table (the development entry lists it) and the console. */
export const outboxMailer = (d1: D1Database): Mailer => ({
  async send(email) {
    await createDb(d1)
      .insert(emailOutbox)
      .values({
        id: newId(),
        toEmail: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        createdAt: Date.now(),
      });
    const links = email.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(`[email] to ${email.to}: ${email.subject} ${links.join(" ")}`);
  },
});

const LINK = /https?:\/\/[^\s<>"]+/g;

/** The newest emails sent, to one address in any letter case or to anyone, with the links of their text part. */
export const readOutbox = async (d1: D1Database, to: string | undefined) => {
  const rows = await createDb(d1)
    .select({
      to: emailOutbox.toEmail,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to === undefined ? undefined : sql`${emailOutbox.toEmail} = ${to} COLLATE NOCASE`)
    // Emails written in the same millisecond: rowid is the order they were written.
    .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
    .limit(DEV_OUTBOX_LIMIT);
  return rows.map((row) => ({ ...row, links: row.text.match(LINK) ?? [] }));
};
