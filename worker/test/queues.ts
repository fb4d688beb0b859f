import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { consumeReferrals } from "../features/referrals/referral-queue";
import { consumeSettlement } from "../features/settlement/settlement-queue";

/** A queue whose messages are kept in `sent` for the test to deliver when it chooses. */
export const caughtQueue = () => {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((message) => message.body)),
  };
  return { queue: queue as unknown as Queue, sent };
};

type Consumer = (batch: MessageBatch, env: Env) => Promise<void>;

/** Hands the bodies to a consumer as one batch, as the queue would, and answers which it acked and which it retried. */
export const deliverBatch = async (consumer: Consumer, queueName: string, testEnv: Env, bodies: unknown[]) => {
  const batch = createMessageBatch(
    queueName,
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await consumer(batch, testEnv);
  return getQueueResult(batch, ctx);
};

/**
 * The environment with its settlement and referral queues caught, and `deliverAll`, which runs their consumers on what
 * was sent (and on what they send in turn) until both are empty, failing on any message a consumer retries.
 */
export const withQueuesCaught = (testEnv: Env) => {
  const settlement = caughtQueue();
  const referrals = caughtQueue();
  const caught: Env = { ...testEnv, SETTLEMENT_QUEUE: settlement.queue, REFERRAL_QUEUE: referrals.queue };
  const deliverAll = async () => {
    for (const [consumer, queueName, sent] of [
      [consumeSettlement, "settlement", settlement.sent],
      [consumeReferrals, "referrals", referrals.sent],
    ] as const) {
      while (sent.length > 0) {
        const result = await deliverBatch(consumer, queueName, caught, sent.splice(0));
        if (result.retryMessages.length > 0) throw new Error(`The ${queueName} consumer retried ${JSON.stringify(result.retryMessages)}`);
      }
    }
  };
  return { env: caught, deliverAll };
};
