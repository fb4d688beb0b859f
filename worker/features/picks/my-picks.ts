import { and, eq, inArray } from "drizzle-orm";
import { PICKS_PAGE_SIZE } from "../../config";
import { createDb, type Db } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { questions, scoreFeedChallenges, scoreFeedLinks, userPicks } from "../../db/schema";
import { decodeKeyset, page } from "../../lib/cursor";
import { pickKeys } from "../../lib/pick-keys";
import { summedCounts } from "../questions/pick-counts";
import { autoResolutionColumns, autoResolutionOf } from "../questions/auto-resolution";

const p = userPicks;
const q = questions;

const pickColumns = {
  id: p.id,
  questionId: p.questionId,
  choice: p.choice,
  creditsSpent: p.creditsSpent,
  multiplier: p.multiplier,
  pickType: p.pickType,
  potentialPayout: p.potentialPayout,
  actualPayout: p.actualPayout,
  status: p.status,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  question: {
    id: q.id,
    title: q.title,
    deadline: q.deadline,
    imageUrl: q.imageUrl,
    sportCategory: q.sportCategory,
    customCategory: q.customCategory,
    answerOptionA: q.answerOptionA,
    answerOptionB: q.answerOptionB,
    outcome: q.outcome,
    updatedAt: q.updatedAt,
  },
};

/** A row's pick and question, copied by name (a rest pattern is V8's slow path, see pick-keys.ts). */
const PICK_KEYS = Object.keys(pickColumns) as (keyof typeof pickColumns)[];

/** With one database, the crowd and the score feed's side of the question are read beside the picks. */
const crowdColumns = { yesCount: q.yesCount, noCount: q.noCount, ...autoResolutionColumns };

const challengeOf = (userId: string) =>
  and(eq(scoreFeedChallenges.questionId, q.id), eq(scoreFeedChallenges.userId, userId));

const ownPicks = (userId: string, cursor: string | undefined) =>
  and(eq(p.userId, userId), afterKeyset(p, cursor ? decodeKeyset(cursor) : null));

/** The player's page of picks with everything shown beside them, in one read of the one database. */
const picksWithCrowd = (db: Db, userId: string, cursor: string | undefined) =>
  db
    .select({ ...pickColumns, ...crowdColumns })
    .from(p)
    .innerJoin(q, eq(q.id, p.questionId))
    .leftJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, p.questionId))
    .leftJoin(scoreFeedChallenges, challengeOf(userId))
    .where(ownPicks(userId, cursor))
    .orderBy(...newestFirst(p))
    .limit(PICKS_PAGE_SIZE + 1);

const picksOnly = (db: Db, userId: string, cursor: string | undefined) =>
  db
    .select(pickColumns)
    .from(p)
    .innerJoin(q, eq(q.id, p.questionId))
    .where(ownPicks(userId, cursor))
    .orderBy(...newestFirst(p))
    .limit(PICKS_PAGE_SIZE + 1);

/** The score feed's side of these questions, which lives in the catalogue. */
const feedsOf = (db: Db, userId: string, questionIds: string[]) =>
  db
    .select({ id: q.id, ...autoResolutionColumns })
    .from(q)
    .leftJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, q.id))
    .leftJoin(scoreFeedChallenges, challengeOf(userId))
    .where(inArray(q.id, questionIds));

type Pick = Awaited<ReturnType<typeof picksOnly>>[number];
type Feed = ReturnType<typeof autoResolutionOf>;

/** Whether a settled pick went with the majority; an open pick, or a tied crowd, says neither. */
const crowdSide = (pick: Pick, yes: number, no: number) => {
  if (pick.status === "active" || yes === no) return null;
  return yes > no === (pick.choice === "yes") ? ("with" as const) : ("against" as const);
};

const toItem = (pick: Pick, yes: number, no: number, feed: Feed) => ({
  ...pick,
  question: { ...pick.question, crowd: { yes, no }, autoResolution: feed },
  crowd: crowdSide(pick, yes, no),
});

/**
 * My Picks, newest first. The picks and their questions' copies are in the player's database, but its crowd counts
 * only its own players and the score feed lives in the catalogue: where players live apart from the catalogue those
 * come from reads of every player database and the catalogue, side by side. With one database it stays one read.
 */
export const readMyPicks = async (data: DataContext, userId: string, cursor: string | undefined) => {
  const db = createDb(data.player(userId));
  if (data.playersInCatalogue) {
    const rows = await picksWithCrowd(db, userId, cursor);
    const items = rows.map((row) => toItem(pickKeys(row, PICK_KEYS), row.yesCount, row.noCount, autoResolutionOf(row)));
    return page(items, PICKS_PAGE_SIZE);
  }
  const picks = await picksOnly(db, userId, cursor);
  const questionIds = [...new Set(picks.map((pick) => pick.questionId))];
  // The crowd is summed over the player databases as it is read, so it counts the pick just made; the catalogue's
  // folded copy of it lags by up to a minute.
  const [feeds, crowds] =
    questionIds.length === 0
      ? [[], new Map()]
      : await Promise.all([feedsOf(createDb(data.catalogue), userId, questionIds), summedCounts(data, questionIds)]);
  const feedOf = new Map(feeds.map((row) => [row.id, autoResolutionOf(row)]));
  const items = picks.map((pick) => {
    const crowd = crowds.get(pick.questionId);
    return toItem(pick, crowd?.yes_count ?? 0, crowd?.no_count ?? 0, feedOf.get(pick.questionId) ?? null);
  });
  return page(items, PICKS_PAGE_SIZE);
};
