import type { Context } from "hono";
import * as z from "zod";
import type { DataContext, PlayerDatabase } from "../../db/data-context";
import type { AppEnv, Settings } from "../../env";
import { log } from "../../lib/log";
import { createMailer } from "../../lib/mailer";
import { sumFields } from "../../lib/sum-fields";
import { outboxMailer } from "../dev/outbox-mailer";
import { sendDueEmails } from "./email-deliveries";

/** The email API where one is configured; locally the development outbox. */
export const mailerFor = (data: DataContext, settings: Settings) =>
  createMailer(settings, outboxMailer(data.catalogue));

/** The email queue's message asking for one database's waiting emails to be sent now. */
export const sendEmailsMessageSchema = z.object({ sendEmailsIn: z.string().min(1).max(64) });

/**
 * After a commit that kept emails in these databases: one message per database, so the request never waits on the
 * email API. A message that never arrives only delays the emails to the minute's sweep.
 */
export const requestEmailSends = async (data: DataContext, databases: Iterable<PlayerDatabase>) => {
  const names = [...new Set([...databases].map(({ name }) => name))];
  if (names.length === 0) return;
  try {
    await data.queues.emails.sendBatch(names.map((name) => ({ body: { sendEmailsIn: name } })));
  } catch (error) {
    log("warn", "email_enqueue_failed", { databases: names, error: String(error) });
  }
};

/**
 * After a request committed emails for these players. Off the machine the kick runs after the answer, which then never
 * waits on the queue, nor tells by its time whether an email went out; locally it is awaited, so the development
 * outbox (and a test) holds the email when the answer arrives.
 */
export const sendCommittedEmails = async <E extends AppEnv>(c: Context<E>, userIds: string[]) => {
  const kick = requestEmailSends(c.var.data, c.var.data.groupPlayers(userIds).keys());
  const local = c.var.settings.ENVIRONMENT === "development" || c.var.settings.ENVIRONMENT === "test";
  if (local) await kick;
  else c.executionCtx.waitUntil(kick);
};

/** One pass over the waiting emails of the database a message names, asking for another when it was full. */
export const sendEmailsIn = async (data: DataContext, settings: Settings, name: string) => {
  const database = data.playersNamed(name);
  if (!database) {
    log("error", "email_message_dropped", { database: name });
    return;
  }
  const pass = await sendDueEmails(database.db, mailerFor(data, settings), Date.now());
  if (pass.more) await requestEmailSends(data, [database]);
};

/** The minute's sweep over every player database: retries that came due, and emails no kick reached. */
export const sendWaitingEmails = async (data: DataContext, settings: Settings, now: number) => {
  const mailer = mailerFor(data, settings);
  const passes = await Promise.all(data.players().map(({ db }) => sendDueEmails(db, mailer, now)));
  return sumFields({ sent: 0, dropped: 0, retried: 0 }, passes);
};
