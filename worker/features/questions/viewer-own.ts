import type { SqlColumns } from "../../db/rows";
import type { userPicks } from "../../db/schema";
import { typed } from "../../db/statement";
import type { QuestionRow } from "./question-row";

type OwnPick = SqlColumns<
  typeof userPicks,
  | "id"
  | "question_id"
  | "choice"
  | "multiplier"
  | "credits_spent"
  | "potential_payout"
  | "actual_payout"
  | "status"
  | "created_at"
>;

/** Which questions the viewer's own rows are read for: these, or every open one (a feed page not yet read). */
type Scope = { questionIds: readonly string[] } | { openAt: number };

/** The given question ids, bound as one JSON array in ?2. */
const IN_GIVEN_IDS = "IN (SELECT value FROM json_each(?2))";
const PICK_COLUMNS =
  "p.id, p.question_id, p.choice, p.multiplier, p.credits_spent, p.potential_payout, p.actual_payout, p.status, p.created_at";

/**
 * The viewer's picks on every open question, driven from their own rows: the open questions are too many to probe one
 * by one. An open question's picks are active, except on a question reopened since its outcome, whose picks in this
 * database keep their settled status until settlement sets them back; such questions are few and have their own index.
 * The joins are CROSS JOINs so that SQLite keeps this order whatever its statistics say.
 */
export const PICKS_ON_OPEN_QUESTIONS = `
  SELECT ${PICK_COLUMNS} FROM user_picks p INDEXED BY user_picks_user_active CROSS JOIN questions q ON q.id = p.question_id
  WHERE p.user_id = ?1 AND p.status = 'active' AND q.status = 'published' AND q.deadline > ?2
  UNION ALL
  SELECT ${PICK_COLUMNS} FROM questions q INDEXED BY questions_settlement CROSS JOIN user_picks p ON p.user_id = ?1 AND p.question_id = q.id
  WHERE q.settled_version <> q.settlement_version AND q.status = 'published' AND q.deadline > ?2 AND p.status <> 'active'`;

/**
 * The viewer's bookmarks on open questions: the feed shows no other, and a player's bookmarks on closed questions grow
 * with their history (a bookmarked-only page binds the ids as one text, which D1 caps at 2 MB). Judged on the database's
 * copy of each question, as their open picks are.
 */
export const BOOKMARKS_ON_OPEN_QUESTIONS = `
  SELECT b.question_id FROM user_bookmarks b CROSS JOIN questions q ON q.id = b.question_id
  WHERE b.user_id = ?1 AND q.status = 'published' AND q.deadline > ?2`;

/**
 * The viewer's bookmarks and picks, read in their database, for cards read from the catalogue (whose player tables
 * are empty when players live elsewhere). Open picks are few (one per open question at most), so a feed page's picks
 * are read beside the page instead of after it.
 */
export const viewerOwnStatements = (d1: D1Database, viewerId: string, scope: Scope) => {
  const idsText = "questionIds" in scope ? JSON.stringify(scope.questionIds) : null;
  const scoped = (onOpenQuestions: string, onGivenIds: string) =>
    "questionIds" in scope
      ? d1.prepare(onGivenIds).bind(viewerId, idsText)
      : d1.prepare(onOpenQuestions).bind(viewerId, scope.openAt);
  return {
    bookmarks: typed<{ question_id: string }>(
      scoped(
        BOOKMARKS_ON_OPEN_QUESTIONS,
        `SELECT question_id FROM user_bookmarks WHERE user_id = ?1 AND question_id ${IN_GIVEN_IDS}`,
      ),
    ),
    picks: typed<OwnPick>(
      scoped(
        PICKS_ON_OPEN_QUESTIONS,
        `SELECT ${PICK_COLUMNS} FROM user_picks p WHERE p.user_id = ?1 AND p.question_id ${IN_GIVEN_IDS}`,
      ),
    ),
  };
};

type ViewerOwn = { bookmarks: D1Result<{ question_id: string }>; picks: D1Result<OwnPick> };

/**
 * The catalogue's counters are summed from the player databases once a minute: a pick made since is not in them yet, and the
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
      pickActualPayout: pick?.actual_payout ?? null,
      pickStatus: (pick?.status ?? null) as QuestionRow["pickStatus"],
    };
  });
};

/** The viewer's bookmarked question ids, for a bookmarked-only page read from the catalogue. */
export const bookmarkedIds = (own: ViewerOwn) => own.bookmarks.results.map(({ question_id }) => question_id);
