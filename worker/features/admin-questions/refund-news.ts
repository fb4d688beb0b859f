import type { DataContext } from "../../db/data-context";
import { publishToUsers, type LiveEnv } from "../../realtime/live-hubs";
import { requestPushes } from "../notifications/push-queue";
import { publishPlayerUpdates } from "../settlement/settlement-events";
import type { QuestionRefund } from "./delete-question.service";

/**
 * A deleted question's refunds, told to their players: open screens get the new balance and the refund as settlement
 * sends them, then why (the question's title and the credits); devices get the push notices the refunds queued.
 */
export const announceRefunds = async (
  data: DataContext,
  live: LiveEnv,
  questionId: string,
  refunds: QuestionRefund[],
) => {
  const userIds = [...new Set(refunds.map(({ userId }) => userId))];
  await publishPlayerUpdates(data, live, questionId, userIds);
  await publishToUsers(
    live,
    refunds.map(({ userId, credits, questionTitle }) => ({
      userId,
      messages: [{ type: "pick.removed", data: { questionId, questionTitle, refunded: credits } }],
    })),
  );
  await requestPushes(data, data.groupPlayers(userIds).keys());
};
