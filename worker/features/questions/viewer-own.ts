import type { SqlColumns } from "../../db/rows";
import type { userPicks } from "../../db/schema";
import { typed } from "../../db/statement";
import type { QuestionRow } from "./question-row";

type OwnPick = SqlColumns<typeof userPicks, "id" | "question_id" | "choice" | "multiplier" | "credits_spent" | "potential_payout" | "status">;

/** Which questions the viewer's own rows are read for: these, or every open one (a feed page not yet read). */
type Scope = { questionIds: readonly string[] } | { openAt: number };

/**
 * The viewer's bookmarks and picks, read in their shard, for cards read from the catalogue (whose player tables are
 * empty when players live in shards). Open picks are few (one per open question at most), so a feed page's picks
 * are read beside the page instead of after it.
 */
export const viewerOwnStatements = (d1: D1Database, viewerId: string, scope: Scope) => {
  const [picked, binds] =
    "questionIds" in scope
      ? ["p.question_id IN (SELECT value FROM json_each(?2))", [JSON.stringify(scope.questionIds)]]
      : ["p.question_id IN (SELECT id FROM questions WHERE status = 'published' AND deadline > ?2)", [scope.openAt]];
  return {
    bookmarks: typed<{ question_id: string }>(d1.prepare("SELECT question_id FROM user_bookmarks WHERE user_id = ?").bind(viewerId)),
    picks: typed<OwnPick>(
      d1
        .prepare(
          `SELECT p.id, p.question_id, p.choice, p.multiplier, p.credits_spent, p.potential_payout, p.status
           FROM user_picks p WHERE p.user_id = ?1 AND ${picked}`,
        )
        .bind(viewerId, ...binds),
    ),
  };
};

type ViewerOwn = { bookmarks: D1Result<{ question_id: string }>; picks: D1Result<OwnPick> };

/** The cards with the viewer's own bookmark and pick in place of the catalogue's (empty) ones. */
export const withViewerOwn = (rows: QuestionRow[], own: ViewerOwn): QuestionRow[] => {
  const bookmarked = new Set(own.bookmarks.results.map(({ question_id }) => question_id));
  const picks = new Map(own.picks.results.map((pick) => [pick.question_id, pick]));
  return rows.map((row) => {
    const pick = picks.get(row.id);
    return {
      ...row,
      bookmarked: bookmarked.has(row.id),
      // renamed() types the left-joined columns as always present; toQuestion reads null as "no pick", as from the join.
      pickId: (pick?.id ?? null) as QuestionRow["pickId"],
      pickChoice: pick?.choice ?? null,
      pickMultiplier: pick?.multiplier ?? null,
      pickCreditsSpent: pick?.credits_spent ?? null,
      pickPotentialPayout: pick?.potential_payout ?? null,
      pickStatus: (pick?.status ?? null) as QuestionRow["pickStatus"],
    };
  });
};

/** The viewer's bookmarked question ids, for a bookmarked-only page read from the catalogue. */
export const bookmarkedIds = (own: ViewerOwn) => own.bookmarks.results.map(({ question_id }) => question_id);
