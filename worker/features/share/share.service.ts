import { and, eq, inArray, isNull } from "drizzle-orm";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions, userPicks, users, type outcomes } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { allTimeRankAmongAll, allTimeRankQueries } from "../leaderboard/leaderboard.service";
import { readStreak } from "../picks/pick-stats.service";

/**
 * What a share card may show: the question, the choice and the result, a streak or a place, the player's public
 * name and their referral code (the link's invitation). Never an email or a balance.
 */
export type PickCard = {
  kind: "pick";
  username: string;
  referralCode: string;
  questionId: string;
  title: string;
  choiceLabel: string;
  status: "active" | "won" | "lost" | "void";
  payout: number;
};
export type StreakCard = {
  kind: "streak";
  username: string;
  referralCode: string;
  currentStreak: number;
  maxStreak: number;
};
export type RankCard = { kind: "rank"; username: string; referralCode: string; rank: number; totalUsers: number };
/** A question as anyone may see it, with no player: the preview of the question's own page. */
export type QuestionCard = {
  kind: "question";
  questionId: string;
  title: string;
  answerOptionA: string;
  answerOptionB: string;
  category: string | null;
  outcome: (typeof outcomes)[number];
  updatedAt: number;
};
export type ShareCard = PickCard | StreakCard | RankCard | QuestionCard;

const NOT_FOUND = () => new AppError("not_found", "Page not found");

const livePlayer = async (d1: D1Database, userId: string) => {
  const [player] = await createDb(d1)
    .select({ username: users.username, referralCode: users.referralCode })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!player) throw NOT_FOUND();
  return player;
};

const pickCardIn = async (d1: D1Database, pickId: string) => {
  const [row] = await createDb(d1)
    .select({
      username: users.username,
      referralCode: users.referralCode,
      questionId: questions.id,
      title: questions.title,
      choice: userPicks.choice,
      optionA: questions.answerOptionA,
      optionB: questions.answerOptionB,
      status: userPicks.status,
      payout: userPicks.actualPayout,
    })
    .from(userPicks)
    .innerJoin(users, eq(users.id, userPicks.userId))
    .innerJoin(questions, eq(questions.id, userPicks.questionId))
    .where(and(eq(userPicks.id, pickId), isNull(users.deletedAt)));
  return row ?? null;
};

/** A pick's id does not say whose it is, so every player database is asked (the card is then cached at the edge). */
export const readPickCard = async (data: DataContext, pickId: string): Promise<PickCard> => {
  const row = (await data.findInPlayers((d1) => pickCardIn(d1, pickId)))?.found;
  if (!row) throw NOT_FOUND();
  const { choice, optionA, optionB, ...card } = row;
  return { kind: "pick", ...card, choiceLabel: choice === "yes" ? optionA : optionB };
};

export const readStreakCard = async (data: DataContext, userId: string): Promise<StreakCard> => {
  const d1 = data.player(userId);
  const player = await livePlayer(d1, userId);
  return { kind: "streak", ...player, ...(await readStreak(d1, userId)) };
};

export const readRankCard = async (data: DataContext, userId: string): Promise<RankCard> => {
  const d1 = data.player(userId);
  const player = await livePlayer(d1, userId);
  const { rank, totalUsers } = await allTimeRankAmongAll(data, await batchNamed(d1, allTimeRankQueries(d1, userId)));
  if (rank === null) throw NOT_FOUND();
  return { kind: "rank", ...player, rank, totalUsers };
};

/** A question players may see (the feed's and its page's rule for a visitor): published, or resolved. */
export const readQuestionCard = async (data: DataContext, questionId: string): Promise<QuestionCard> => {
  const [row] = await createDb(data.catalogue)
    .select({
      questionId: questions.id,
      title: questions.title,
      answerOptionA: questions.answerOptionA,
      answerOptionB: questions.answerOptionB,
      category: questions.category,
      outcome: questions.outcome,
      updatedAt: questions.updatedAt,
    })
    .from(questions)
    .where(and(eq(questions.id, questionId), inArray(questions.status, ["published", "resolved"])));
  if (!row) throw NOT_FOUND();
  return { kind: "question", ...row };
};

/** Changes whenever what the card shows changes, so a cached image is never stale under its own URL. */
export const cardVersion = (card: ShareCard) => {
  if (card.kind === "pick") return `${card.status}-${card.payout}`;
  if (card.kind === "streak") return `${card.currentStreak}-${card.maxStreak}`;
  if (card.kind === "rank") return `${card.rank}-${card.totalUsers}`;
  // An admin's edit (title, options) and an outcome both set updated_at.
  return `${card.outcome}-${card.updatedAt}`;
};
