import type { DataContext, PlayerDatabase } from "../../db/data-context";
import { MOVE_RETRY_AFTER_SECONDS } from "../../db/write-pause";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import { requestPushes } from "../notifications/push-queue";
import { publishSettlement } from "./settlement-events";
import { enqueueSettlement, settlementMessageSchema } from "./settlement-messages";
import { settlementBudget } from "./settlement.service";
import { settleInDatabase } from "./settle-everywhere";

/** Settles one message's database; answers the database when it settled players, whose notices then wait in its outbox. */
const settleMessage = async (data: DataContext, env: Env, message: Message): Promise<PlayerDatabase | null> => {
  const parsed = settlementMessageSchema.safeParse(message.body);
  const database = parsed.success ? data.playersNamed(parsed.data.database) : undefined;
  if (!parsed.success || !database) {
    // A malformed message, or one for a database the current map no longer has: the cron's sweep settles from the data.
    log("error", "settlement_message_dropped", { id: message.id, body: message.body });
    message.ack();
    return null;
  }
  const { questionId } = parsed.data;
  if (database.moving) {
    // Some of its players are being copied to another database: it settles after the switch, from a fresh message
    // that spends none of this one's retries however long the move takes.
    await enqueueSettlement(data, questionId, [database], MOVE_RETRY_AFTER_SECONDS);
    message.ack();
    return null;
  }
  try {
    const result = await settleInDatabase(data, database.db, questionId, settlementBudget());
    if (result.settledUsers.length > 0) await publishSettlement(data, env, questionId, result.settledUsers);
    // The rest of a large question goes back on the queue as a fresh message, which spends none of its retries.
    if (!result.complete) await enqueueSettlement(data, questionId, [database]);
    message.ack();
    return result.settledUsers.length > 0 ? database : null;
  } catch (error) {
    log("error", "settlement_failed", {
      questionId,
      database: database.name,
      attempt: message.attempts,
      error: String(error),
    });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    return null;
  }
};

/** The settlement queue's consumer: each message is one player database's part of one question's current settlement version. */
export const consumeSettlement = async (batch: MessageBatch, data: DataContext, env: Env) => {
  const settled: PlayerDatabase[] = [];
  for (const message of batch.messages) {
    const database = await settleMessage(data, env, message);
    if (database) settled.push(database);
  }
  await requestPushes(data, settled);
};
