import { publishSettlement } from "../features/settlement/settlement-events";
import { settlementBudget } from "../features/settlement/settlement.service";
import { settleQueuedAcrossShards } from "../features/settlement/shard-settlement";
import type { CronJob } from "./cron.types";

/**
 * Finishes settlements an outcome request and the queue could not (a failure, a lost message); bounded so runs do not
 * pile up.
 */
export const settleQueuedQuestions: CronJob = (env) =>
  settleQueuedAcrossShards(env, settlementBudget(), (questionId, userIds) => publishSettlement(env, questionId, userIds));
