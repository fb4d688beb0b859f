import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { dataContext, type DataContext } from "../db/data-context";
import { consumePushes } from "../features/notifications/push-queue";
import { consumeReferrals } from "../features/referrals/referral-queue";
import { consumeSettlement } from "../features/settlement/settlement-queue";
import { consumeEmailQueue } from "../features/auth/account-link-requests";

/** A queue whose messages are kept in `sent` for the test to deliver when it chooses. */
export const caughtQueue = () => {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((message) => message.body)),
  };
  return { queue: queue as unknown as Queue, sent };
};

type Consumer = (batch: MessageBatch, data: DataContext, env: Env) => Promise<void>;

/** Hands the bodies to a consumer as one batch, as the queue would, and answers which it acked and which it retried. */
export const deliverBatch = async (consumer: Consumer, queueName: string, testEnv: Env, bodies: unknown[]) => {
  const batch = createMessageBatch(
    queueName,
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await consumer(batch, dataContext(testEnv), testEnv);
  return getQueueResult(batch, ctx);
};

const deliverOrFail = async (consumer: Consumer, queueName: string, consumerEnv: Env, bodies: unknown[]) => {
  const result = await deliverBatch(consumer, queueName, consumerEnv, bodies);
  if (result.retryMessages.length > 0)
    throw new Error(`The ${queueName} consumer retried ${JSON.stringify(result.retryMessages)}`);
};

/** A queue that hands what is sent to its consumer at once, so the sender's caller sees the consumer's work done. */
const deliveredAtOnce = (consumer: Consumer, queueName: string, consumerEnv: Env) =>
  ({
    send: (body: unknown) => deliverOrFail(consumer, queueName, consumerEnv, [body]),
    sendBatch: (messages: { body: unknown }[]) =>
      deliverOrFail(
        consumer,
        queueName,
        consumerEnv,
        messages.map((message) => message.body),
      ),
  }) as unknown as Queue;

/**
 * The environment with its email and push queues delivered at once: a test reads the outbox, or a device's pushes,
 * right after the request or settlement that sent them. A queue the test put in place itself (caughtQueue) stays.
 */
export const withNoticesDelivered = (testEnv: Env): Env => ({
  ...testEnv,
  EMAIL_QUEUE:
    testEnv.EMAIL_QUEUE === env.EMAIL_QUEUE
      ? deliveredAtOnce(consumeEmailQueue, "pickstreak-dev-email", testEnv)
      : testEnv.EMAIL_QUEUE,
  PUSH_QUEUE:
    testEnv.PUSH_QUEUE === env.PUSH_QUEUE
      ? deliveredAtOnce(consumePushes, "pickstreak-dev-push", testEnv)
      : testEnv.PUSH_QUEUE,
});

/**
 * The environment with its settlement and referral queues caught, and `deliverAll`, which runs their consumers on what
 * was sent (and on what they send in turn) until both are empty, failing on any message a consumer retries.
 */
export const withQueuesCaught = (testEnv: Env) => {
  const settlement = caughtQueue();
  const referrals = caughtQueue();
  const caught: Env = {
    ...withNoticesDelivered(testEnv),
    SETTLEMENT_QUEUE: settlement.queue,
    REFERRAL_QUEUE: referrals.queue,
  };
  const deliverAll = async () => {
    for (const [consumer, queueName, sent] of [
      [consumeSettlement, "settlement", settlement.sent],
      [consumeReferrals, "referrals", referrals.sent],
    ] as const) {
      while (sent.length > 0) await deliverOrFail(consumer, queueName, caught, sent.splice(0));
    }
  };
  return { env: caught, deliverAll };
};
