import type { DataContext, PlayerDatabase } from "../../db/data-context";
import { databaseNamed, databaseNameSchema, nameOf } from "../../db/database-message";
import { MOVE_RETRY_AFTER_SECONDS } from "../../db/write-pause";
import { readSettings } from "../../env";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import { sendDueIn } from "./push-sender";

/**
 * After a commit that queued push notices in these databases' outboxes: one message per database, so the request or
 * the settlement that wrote them never waits on a push service, and each database's notices go out in parallel. A
 * message that never arrives only delays the notices to the every-minute cron's pass.
 */
export const requestPushes = async (data: DataContext, databases: Iterable<PlayerDatabase>, delaySeconds = 0) => {
  const distinct = [...new Map([...databases].map((database) => [database.name, database])).values()];
  if (distinct.length === 0) return;
  try {
    await data.queues.pushes.sendBatch(
      distinct.map((database) => ({ body: nameOf(database) })),
      delaySeconds > 0 ? { delaySeconds } : undefined,
    );
  } catch (error) {
    log("warn", "push_enqueue_failed", { databases: distinct.map(({ name }) => name), error: String(error) });
  }
};

const sendFrom = async (data: DataContext, env: Env, database: PlayerDatabase, messages: Message[]) => {
  if (database.moving) {
    // Sending deletes delivered notices: in a database being copied that waits for the switch, as its settlement does.
    await requestPushes(data, [database], MOVE_RETRY_AFTER_SECONDS);
    for (const message of messages) message.ack();
    return;
  }
  try {
    const pass = await sendDueIn(database.db, readSettings(env), Date.now());
    // A full pass leaves the rest to a fresh message rather than to the next minute's cron.
    if (pass.more) await requestPushes(data, [database]);
    for (const message of messages) message.ack();
  } catch (error) {
    log("error", "push_pass_failed", { database: database.name, error: String(error) });
    for (const message of messages) message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
};

/** The push queue's consumer: the messages of one batch that name the same database share one pass over its outbox. */
export const consumePushes = async (batch: MessageBatch, data: DataContext, env: Env) => {
  const byDatabase = new Map<PlayerDatabase, Message[]>();
  for (const message of batch.messages) {
    const parsed = databaseNameSchema.safeParse(message.body);
    const database = parsed.success ? databaseNamed(data, parsed.data) : undefined;
    if (!database) {
      log("error", "push_message_dropped", { id: message.id, body: message.body });
      message.ack();
      continue;
    }
    byDatabase.set(database, [...(byDatabase.get(database) ?? []), message]);
  }
  await Promise.all([...byDatabase].map(([database, messages]) => sendFrom(data, env, database, messages)));
};
