import { ACTIVITY_LIVE_WINS } from "../../config";
import { broadcast } from "../../realtime/live-shards";
import type { SqlColumns } from "../../db/rows";
import type { activityFeed, questions, users } from "../../db/schema";

type WinRow = SqlColumns<typeof activityFeed, "id" | "question_id" | "choice" | "credits" | "created_at"> &
  SqlColumns<typeof users, "username"> &
  SqlColumns<typeof questions, "title">;

/**
 * After a question settles, the community feed hears about its newest wins. A few are enough: readers refetch the
 * feed on any activity message, and a question with 100,000 winners must not mean 100,000 broadcasts.
 */
export const broadcastWins = async (env: Env, questionId: string) => {
  const { results } = await env.DB.prepare(
    `SELECT a.id, u.username, a.question_id, q.title, a.choice, a.credits, a.created_at
     FROM activity_feed a JOIN users u ON u.id = a.user_id JOIN questions q ON q.id = a.question_id
     WHERE a.question_id = ? AND a.kind = 'win' ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
  )
    .bind(questionId, ACTIVITY_LIVE_WINS)
    .all<WinRow>();
  for (const row of results.reverse()) {
    await broadcast(env, {
      type: "activity",
      data: {
        id: row.id,
        kind: "win",
        username: row.username,
        questionId: row.question_id,
        questionTitle: row.title,
        choice: row.choice,
        credits: row.credits,
        createdAt: row.created_at,
      },
    });
  }
};
