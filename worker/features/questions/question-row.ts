import type { Prefixed, SqlColumns } from "../../db/rows";
import type { questions, userPicks } from "../../db/schema";
import type { Question } from "./questions.schemas";

/** The columns every question read selects, aliased for the row mapper below. */
export const QUESTION_COLUMNS = `q.id, q.title, q.sport_category, q.custom_category, q.category, q.credit_cost, q.deadline,
  q.image_url, q.status, q.question_type, q.answer_option_a, q.answer_option_b, q.is_free_pick, q.is_player_prop,
  q.tags, q.outcome, q.pick_count, q.yes_count, q.no_count, q.created_at, q.updated_at`;

/** With a viewer, their bookmark and pick come from the same query (one round trip). */
export const VIEWER_COLUMNS = `(b.user_id IS NOT NULL) AS bookmarked, p.id AS pick_id, p.choice AS pick_choice,
  p.multiplier AS pick_multiplier, p.credits_spent AS pick_credits_spent, p.potential_payout AS pick_potential_payout,
  p.status AS pick_status`;

export const VIEWER_JOINS = `LEFT JOIN user_bookmarks b ON b.question_id = q.id AND b.user_id = ?1
  LEFT JOIN user_picks p ON p.question_id = q.id AND p.user_id = ?1`;

type ViewerPick = Prefixed<
  SqlColumns<typeof userPicks, "id" | "choice" | "multiplier" | "credits_spent" | "potential_payout" | "status">,
  "pick_"
>;

/** A question as QUESTION_COLUMNS read it; with a viewer, VIEWER_COLUMNS add their bookmark and pick (NULL without one). */
export type QuestionRow = SqlColumns<
  typeof questions,
  | "id"
  | "title"
  | "sport_category"
  | "custom_category"
  | "category"
  | "credit_cost"
  | "deadline"
  | "image_url"
  | "status"
  | "question_type"
  | "answer_option_a"
  | "answer_option_b"
  | "is_free_pick"
  | "is_player_prop"
  | "tags"
  | "outcome"
  | "pick_count"
  | "yes_count"
  | "no_count"
  | "created_at"
  | "updated_at"
> & { bookmarked?: number } & { [K in keyof ViewerPick]?: ViewerPick[K] | null };

export const parseTags = (raw: string): string[] => {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
};

/**
 * How the crowd picked, shown only to a player who has picked or once picking is over: an open split would steer picks.
 */
const crowdOf = (row: QuestionRow) => {
  const locked = row.status === "resolved" || row.deadline <= Date.now();
  return row.pick_id || locked ? { yes: row.yes_count, no: row.no_count } : null;
};

export const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  title: row.title,
  sportCategory: row.sport_category,
  customCategory: row.custom_category,
  category: row.category,
  creditCost: row.credit_cost,
  deadline: row.deadline,
  imageUrl: row.image_url,
  status: row.status,
  questionType: row.question_type,
  answerOptionA: row.answer_option_a,
  answerOptionB: row.answer_option_b,
  isFreePick: row.is_free_pick === 1,
  isPlayerProp: row.is_player_prop === 1,
  tags: parseTags(row.tags),
  outcome: row.outcome,
  pickCount: row.pick_count,
  crowd: crowdOf(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  bookmarked: row.bookmarked === 1,
  myPick: row.pick_id
    ? {
        id: row.pick_id,
        choice: row.pick_choice ?? "yes",
        multiplier: row.pick_multiplier ?? 1,
        creditsSpent: row.pick_credits_spent ?? 0,
        potentialPayout: row.pick_potential_payout ?? 0,
        status: row.pick_status ?? "active",
      }
    : null,
});
