import { publishSettlement } from "../features/settlement/settlement-events";
import { settlementBudget } from "../features/settlement/settlement.service";
import { settleQueuedEverywhere } from "../features/settlement/settle-everywhere";
import type { CronJob } from "./cron.types";

/**
 * Finishes settlements an outcome request and the queue could not (a failure, a lost message); bounded so runs do not
 * pile up.
 */
export const settleQueuedQuestions: CronJob = (data, _now, env) =>
  settleQueuedEverywhere(data, settlementBudget(), (questionId, userIds) =>
    publishSettlement(data, env, questionId, userIds),
  );
