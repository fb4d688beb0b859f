import { publishSettlement } from "../features/settlement/settlement-events";
import { settlementBudget, settleQueued } from "../features/settlement/settlement.service";
import type { CronJob } from "./cron.types";

/** Finishes settlements an outcome request could not (too many picks, or a failure); bounded so runs do not pile up. */
export const settleQueuedQuestions: CronJob = (env) =>
  settleQueued(env.DB, settlementBudget(), (questionId, userIds) => publishSettlement(env, questionId, userIds));
