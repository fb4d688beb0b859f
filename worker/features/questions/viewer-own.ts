import type { SqlColumns } from "../../db/rows";
import type { userPicks } from "../../db/schema";
import { typed } from "../../db/statement";
import type { QuestionRow } from "./question-row";

type OwnPick = SqlColumns<typeof userPicks, "id" | "question_id" | "choice" | "multiplier" | "credits_spent" | "potential_payout" | "status" | "created_at">;

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
          `SELECT p.id, p.question_id, p.choice, p.multiplier, p.credits_spent, p.potential_payout, p.status, p.created_at
           FROM user_picks p WHERE p.user_id = ?1 AND ${picked}`,
        )
        .bind(viewerId, ...binds),
    ),
  };
};

type ViewerOwn = { bookmarks: D1Result<{ question_id: string }>; picks: D1Result<OwnPick> };

/**
 * The catalogue's counters are summed from the shards once a minute: a pick made since is not in them yet, and the
 * player who made it would see the card's count and crowd without it. Their own pick is added; others' wait for the sum.
 */
const countingOwnPick = (row: QuestionRow, pick: OwnPick | undefined) =>
  pick && pick.created_at >= row.countsFoldedAt
    ? {
        pickCount: row.pickCount + 1,
        yesCount: row.yesCount + (pick.choice === "yes" ? 1 : 0),
        noCount: row.noCount + (pick.choice === "no" ? 1 : 0),
      }
    : {};

/** The cards with the viewer's own bookmark and pick in place of the catalogue's (empty) ones. */
export const withViewerOwn = (rows: QuestionRow[], own: ViewerOwn): QuestionRow[] => {
  const bookmarked = new Set(own.bookmarks.results.map(({ question_id }) => question_id));
  const picks = new Map(own.picks.results.map((pick) => [pick.question_id, pick]));
  return rows.map((row) => {
    const pick = picks.get(row.id);
    return {
      ...row,
      ...countingOwnPick(row, pick),
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
