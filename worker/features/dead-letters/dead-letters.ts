import { count, max } from "drizzle-orm";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { deadLetters } from "../../db/schema";
import { reportProblem } from "../../lib/error-reports";
import { log } from "../../lib/log";

const DEAD_LETTER_SUFFIX = "-failed";
/** A body is kept for an operator to read, not replayed whole: a runaway message must not fill the database. */
const KEPT_BODY_CHARACTERS = 10_000;

export const isDeadLetterQueue = (queue: string) => queue.endsWith(DEAD_LETTER_SUFFIX);

/** The queue a dead-letter queue catches for (`pickstreak-email-failed` -> `email`), as the health page names it. */
export const failedQueueName = (queue: string) => queue.slice(0, -DEAD_LETTER_SUFFIX.length).split("-").at(-1) ?? queue;

/**
 * Takes the messages that ran out of retries off a dead-letter queue: each is kept in dead_letters (its id makes a
 * redelivery harmless) and reported once, without its body, to the error reports.
 */
export const consumeDeadLetters = async (batch: MessageBatch, data: DataContext, env: Env) => {
  const queue = failedQueueName(batch.queue);
  const receivedAt = Date.now();
  const rows = batch.messages.map((message) => ({
    id: message.id,
    queue,
    body: JSON.stringify(message.body ?? null).slice(0, KEPT_BODY_CHARACTERS),
    attempts: message.attempts,
    receivedAt,
  }));
  const kept = await createDb(data.catalogue)
    .insert(deadLetters)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: deadLetters.id, attempts: deadLetters.attempts });
  for (const row of kept) log("error", "dead_letter", { queue, id: row.id, attempts: row.attempts });
  await Promise.all(
    kept.map((row) =>
      reportProblem(env, `A ${queue} queue message ran out of retries`, {
        kind: "dead-letter",
        queue,
        attempts: row.attempts,
      }),
    ),
  );
  batch.ackAll();
};

/** How many messages each queue has lost to its dead-letter queue, and the newest, for the health page's batch. */
export const deadLetterDepths = (catalogue: D1Database) =>
  boundQuery(
    catalogue,
    createDb(catalogue)
      .select({ queue: deadLetters.queue, depth: count(), newestAt: max(deadLetters.receivedAt) })
      .from(deadLetters)
      .groupBy(deadLetters.queue),
  );
