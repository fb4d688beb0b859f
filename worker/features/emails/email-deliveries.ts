import { eq, inArray, lte, sql } from "drizzle-orm";
import { EMAIL_SENDS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { emailDeliveries } from "../../db/schema";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import type { Email, Mailer } from "../../lib/mailer";

const e = emailDeliveries;

/** The statement that keeps an email to a player for sending, for the batch of what it tells of. */
export const queueEmail = (d1: D1Database, userId: string, email: Email, now: number, id = newId()) =>
  writeStatement(
    d1,
    createDb(d1)
      .insert(e)
      .values({
        id,
        userId,
        toEmail: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        nextAttemptAt: now,
        createdAt: now,
      }),
  );

/** Takes back a kept email that was not sent yet: what it told of turned out otherwise. */
export const unqueueEmail = (d1: D1Database, id: string) =>
  writeStatement(d1, createDb(d1).delete(e).where(eq(e.id, id)));

/**
 * Takes the due emails in one statement: D1 runs statements one at a time, so two passes at once (the minute's sweep
 * and a commit's kick) take different rows, and the lease keeps a taken row away until it is sent or retried.
 */
const take = (d1: D1Database, now: number) => {
  const db = createDb(d1);
  const due = db
    .select({ id: e.id })
    .from(e)
    .where(lte(e.nextAttemptAt, now))
    .orderBy(e.nextAttemptAt)
    .limit(EMAIL_SENDS.perRun);
  return db
    .update(e)
    .set({ nextAttemptAt: now + EMAIL_SENDS.leaseMs })
    .where(inArray(e.id, due))
    .returning();
};

type Taken = Awaited<ReturnType<typeof take>>[number];
type Outcome = "sent" | "dropped" | { retryAt: number };

const send = async (mailer: Mailer, row: Taken, now: number): Promise<Outcome> => {
  try {
    // The row's id keys the send, so an API that honours idempotency keys sends it once even if the pass that sent it
    // died before deleting the row.
    const html = row.html ?? undefined;
    await mailer.send({ to: row.toEmail, subject: row.subject, text: row.text, html, key: row.id });
    return "sent";
  } catch (error) {
    const attempts = row.attempts + 1;
    if (attempts >= EMAIL_SENDS.maxAttempts) {
      log("error", "email_dropped", { id: row.id, subject: row.subject, attempts, error: String(error) });
      return "dropped";
    }
    log("warn", "email_send_failed", { id: row.id, subject: row.subject, attempts, error: String(error) });
    return { retryAt: now + EMAIL_SENDS.firstRetryMs * 2 ** row.attempts };
  }
};

const record = (d1: D1Database, id: string, outcome: Outcome) => {
  const db = createDb(d1);
  if (outcome === "sent" || outcome === "dropped") return writeStatement(d1, db.delete(e).where(eq(e.id, id)));
  return writeStatement(
    d1,
    db
      .update(e)
      .set({ attempts: sql`${e.attempts} + 1`, nextAttemptAt: outcome.retryAt })
      .where(eq(e.id, id)),
  );
};

/** One pass over one database's waiting emails; `more` when it took a full pass's worth, so more may be due. */
export const sendDueEmails = async (d1: D1Database, mailer: Mailer, now: number) => {
  const taken = await take(d1, now);
  const outcomes: { id: string; outcome: Outcome }[] = [];
  for (let start = 0; start < taken.length; start += EMAIL_SENDS.concurrency) {
    const group = taken.slice(start, start + EMAIL_SENDS.concurrency);
    outcomes.push(
      ...(await Promise.all(group.map(async (row) => ({ id: row.id, outcome: await send(mailer, row, now) })))),
    );
  }
  if (outcomes.length > 0) await d1.batch(outcomes.map(({ id, outcome }) => record(d1, id, outcome)));
  const count = (kind: "sent" | "dropped") => outcomes.filter(({ outcome }) => outcome === kind).length;
  return {
    sent: count("sent"),
    dropped: count("dropped"),
    retried: outcomes.length - count("sent") - count("dropped"),
    more: taken.length === EMAIL_SENDS.perRun,
  };
};
