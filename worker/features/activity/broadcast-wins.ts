import { and, eq } from "drizzle-orm";
import { ACTIVITY_LIVE_WINS } from "../../config";
import { createDb } from "../../db/client";
import { shardMap } from "../../db/shards";
import { newestFirst } from "../../db/keyset";
import { activityFeed } from "../../db/schema";
import { broadcast } from "../../realtime/live-shards";
import { activityQuery } from "./activity.query";

/**
 * After a question settles, the community feed hears about its newest wins. A few are enough: readers refetch the
 * feed on any activity message, and a question with 100,000 winners must not mean 100,000 broadcasts.
 */
export const broadcastWins = async (env: Env, questionId: string) => {
  // Wins are written beside the picks they pay, so each shard holds its own players' wins.
  const perShard = await Promise.all(
    shardMap(env).shards.map(({ db }) =>
      activityQuery(createDb(db))
        .where(and(eq(activityFeed.questionId, questionId), eq(activityFeed.kind, "win")))
        .orderBy(...newestFirst(activityFeed))
        .limit(ACTIVITY_LIVE_WINS),
    ),
  );
  const wins = perShard
    .flat()
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
    .slice(0, ACTIVITY_LIVE_WINS);
  // Only the live protocol's fields (shared/live-messages.ts) go out to every socket.
  for (const { userId: _userId, country: _country, answerOptionA: _a, answerOptionB: _b, ...data } of wins.reverse()) {
    await broadcast(env, { type: "activity", data });
  }
};
