import * as z from "zod";
import { isShardMoving, shardByBinding, type UserShard } from "../../db/shards";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import { MOVE_RETRY_AFTER_SECONDS } from "../../lib/write-pause";
import { requestPushes } from "../notifications/push-queue";
import { publishSettlement } from "./settlement-events";
import { settlementBudget } from "./settlement.service";
import { settleShard } from "./shard-settlement";

const messageSchema = z.object({ questionId: z.string().min(1).max(100), shard: z.string().min(1).max(64) });
export type SettlementMessage = z.infer<typeof messageSchema>;

export const enqueueSettlement = async (env: Env, questionId: string, shards: readonly UserShard[], delaySeconds = 0) => {
  await env.SETTLEMENT_QUEUE.sendBatch(
    shards.map(({ binding }) => ({ body: { questionId, shard: binding } satisfies SettlementMessage })),
    delaySeconds > 0 ? { delaySeconds } : undefined,
  );
};

/** Settles one message's shard; answers the shard when it settled players, whose notices then wait in its outbox. */
const settleMessage = async (env: Env, message: Message): Promise<UserShard | null> => {
  const parsed = messageSchema.safeParse(message.body);
  const shard = parsed.success ? shardByBinding(env, parsed.data.shard) : undefined;
  if (!parsed.success || !shard) {
    // A malformed message, or one for a shard the current map no longer has: the cron's sweep settles from the data.
    log("error", "settlement_message_dropped", { id: message.id, body: message.body });
    message.ack();
    return null;
  }
  const { questionId } = parsed.data;
  if (isShardMoving(env, shard)) {
    // Some of its players are being copied to another shard: it settles after the switch, from a fresh message that
    // spends none of this one's retries however long the move takes.
    await enqueueSettlement(env, questionId, [shard], MOVE_RETRY_AFTER_SECONDS);
    message.ack();
    return null;
  }
  try {
    const result = await settleShard(env, shard, questionId, settlementBudget());
    if (result.settledUsers.length > 0) await publishSettlement(env, questionId, result.settledUsers);
    // The rest of a large question goes back on the queue as a fresh message, which spends none of its retries.
    if (!result.complete) await enqueueSettlement(env, questionId, [shard]);
    message.ack();
    return result.settledUsers.length > 0 ? shard : null;
  } catch (error) {
    log("error", "settlement_failed", { questionId, shard: shard.binding, attempt: message.attempts, error: String(error) });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    return null;
  }
};

/** The settlement queue's consumer: each message is one shard's part of one question's current settlement version. */
export const consumeSettlement = async (batch: MessageBatch, env: Env) => {
  const settled: UserShard[] = [];
  for (const message of batch.messages) {
    const shard = await settleMessage(env, message);
    if (shard) settled.push(shard);
  }
  await requestPushes(env, settled);
};
