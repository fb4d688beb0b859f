import { and, eq } from "drizzle-orm";
import { ACTIVITY_LIVE_WINS } from "../../config";
import type { DataContext } from "../../db/data-context";
import { activityFeed } from "../../db/schema";
import { broadcast, type LiveEnv } from "../../realtime/live-hubs";
import { newestActivity } from "./activity.service";

/**
 * After a question settles, the community feed hears about its newest wins. A few are enough: readers refetch the
 * feed on any activity message, and a question with 100,000 winners must not mean 100,000 broadcasts.
 */
export const broadcastWins = async (data: DataContext, live: LiveEnv, questionId: string) => {
  const wins = await newestActivity(
    data,
    and(eq(activityFeed.questionId, questionId), eq(activityFeed.kind, "win")),
    ACTIVITY_LIVE_WINS,
  );
  // Only the live protocol's fields (shared/live-messages.ts) go out to every socket.
  for (const { userId: _userId, country: _country, answerOptionA: _a, answerOptionB: _b, ...entry } of wins.reverse()) {
    await broadcast(live, { type: "activity", data: entry });
  }
};
