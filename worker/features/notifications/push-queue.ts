import * as z from "zod";
import { isShardMoving, shardByBinding, type UserShard } from "../../db/shards";
import { readSettings } from "../../env";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import { MOVE_RETRY_AFTER_SECONDS } from "../../lib/write-pause";
import { sendDueOnShard } from "./push-sender";

const messageSchema = z.object({ shard: z.string().min(1).max(64) });
type PushMessage = z.infer<typeof messageSchema>;

/**
 * After a commit that queued push notices in these shards' outboxes: one message per shard, so the request or the
 * settlement that wrote them never waits on a push service, and each shard's notices go out in parallel. A message
 * that never arrives only delays the notices to the every-minute cron's pass.
 */
export const requestPushes = async (env: Env, shards: Iterable<UserShard>, delaySeconds = 0) => {
  const bindings = [...new Set([...shards].map((shard) => shard.binding))];
  if (bindings.length === 0) return;
  try {
    await env.PUSH_QUEUE.sendBatch(
      bindings.map((shard) => ({ body: { shard } satisfies PushMessage })),
      delaySeconds > 0 ? { delaySeconds } : undefined,
    );
  } catch (error) {
    log("warn", "push_enqueue_failed", { shards: bindings, error: String(error) });
  }
};

const sendForShard = async (env: Env, shard: UserShard, messages: Message[]) => {
  if (isShardMoving(env, shard)) {
    // Sending deletes delivered notices: on a shard being copied that waits for the switch, as its settlement does.
    await requestPushes(env, [shard], MOVE_RETRY_AFTER_SECONDS);
    for (const message of messages) message.ack();
    return;
  }
  try {
    const pass = await sendDueOnShard(shard.db, readSettings(env), Date.now());
    // A full pass leaves the rest to a fresh message rather than to the next minute's cron.
    if (pass.more) await requestPushes(env, [shard]);
    for (const message of messages) message.ack();
  } catch (error) {
    log("error", "push_pass_failed", { shard: shard.binding, error: String(error) });
    for (const message of messages) message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
};

/** The push queue's consumer: the messages of one batch that name the same shard share one pass over its outbox. */
export const consumePushes = async (batch: MessageBatch, env: Env) => {
  const byShard = new Map<UserShard, Message[]>();
  for (const message of batch.messages) {
    const parsed = messageSchema.safeParse(message.body);
    const shard = parsed.success ? shardByBinding(env, parsed.data.shard) : undefined;
    if (!shard) {
      log("error", "push_message_dropped", { id: message.id, body: message.body });
      message.ack();
      continue;
    }
    byShard.set(shard, [...(byShard.get(shard) ?? []), message]);
  }
  await Promise.all([...byShard].map(([shard, messages]) => sendForShard(env, shard, messages)));
};
