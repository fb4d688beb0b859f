import * as z from "zod";
import type { DataContext, PlayerDatabase } from "../../db/data-context";

/** `shard` names the player database (PlayerDatabase.name): messages already on the queue spell it so. */
const wireMessage = z.object({ questionId: z.string().min(1).max(100), shard: z.string().min(1).max(64) });
export type SettlementMessage = z.infer<typeof wireMessage>;

/** A message as the consumer reads it, `database` being the player database's name. */
export const settlementMessageSchema = wireMessage.transform(({ questionId, shard }) => ({
  questionId,
  database: shard,
}));

/** Asks the settlement queue's consumer to settle the question in each of these databases. */
export const enqueueSettlement = async (
  data: DataContext,
  questionId: string,
  databases: readonly PlayerDatabase[],
  delaySeconds = 0,
) => {
  await data.queues.settlements.sendBatch(
    databases.map(({ name }) => ({ body: { questionId, shard: name } satisfies SettlementMessage })),
    delaySeconds > 0 ? { delaySeconds } : undefined,
  );
};
