import { and, eq, getTableColumns, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/client";
import { renamed } from "../../db/columns";
import { questions, scoreFeedChallenges, scoreFeedLinks, userBookmarks, userPicks } from "../../db/schema";
import { autoResolutionColumns, autoResolutionOf } from "./auto-resolution";
import { pickKeys } from "../../lib/pick-keys";
import { ADMIN_ONLY_COLUMNS, type Question } from "./questions.schemas";

const withoutKeys = <T extends object, K extends keyof T>(object: T, keys: readonly K[]): Omit<T, K> => {
  const rest = { ...object };
  for (const key of keys) delete rest[key];
  return rest;
};

/** Every column of a question but the admin's bookkeeping: a new column reaches players by being added to the table. */
export const playerColumns = withoutKeys(getTableColumns(questions), ADMIN_ONLY_COLUMNS);

/** The viewer's bookmark and pick on each question, from the same query (one round trip). */
const viewerColumns = {
  bookmarked: sql<boolean>`${userBookmarks.userId} IS NOT NULL`.mapWith(Boolean).as("bookmarked"),
  pickId: renamed(userPicks.id, "pick_id"),
  pickChoice: userPicks.choice,
  pickMultiplier: userPicks.multiplier,
  pickCreditsSpent: userPicks.creditsSpent,
  pickPotentialPayout: userPicks.potentialPayout,
  pickActualPayout: userPicks.actualPayout,
  pickStatus: renamed(userPicks.status, "pick_status"),
};

/**
 * Questions with the viewer's bookmark and pick, and the score feed's proposal with whether the viewer challenged it.
 * A visitor joins as no one (an id no user has), so both read the same shape; the joins are key lookups.
 */
export const selectQuestions = (db: Db, viewerId: string | Placeholder | null) =>
  db
    .select({ ...playerColumns, ...viewerColumns, ...autoResolutionColumns })
    .from(questions)
    .leftJoin(userBookmarks, and(eq(userBookmarks.questionId, questions.id), eq(userBookmarks.userId, viewerId ?? "")))
    .leftJoin(userPicks, and(eq(userPicks.questionId, questions.id), eq(userPicks.userId, viewerId ?? "")))
    .leftJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, questions.id))
    .leftJoin(
      scoreFeedChallenges,
      and(eq(scoreFeedChallenges.questionId, questions.id), eq(scoreFeedChallenges.userId, viewerId ?? "")),
    )
    .$dynamic();

export type QuestionRow = Awaited<ReturnType<typeof selectQuestions>>[number];

/**
 * How the crowd picked, shown only to a player who has picked or once picking is over: an open split would steer picks.
 */
export const crowdOf = (row: Pick<QuestionRow, "status" | "deadline" | "yesCount" | "noCount">, picked: boolean) => {
  const locked = row.status === "resolved" || row.deadline <= Date.now();
  return picked || locked ? { yes: row.yesCount, no: row.noCount } : null;
};

const HIDDEN_COUNTS = [
  "yesCount",
  "noCount",
  "countsFoldedAt",
] as const satisfies readonly (keyof typeof playerColumns)[];
type ShownColumn = Exclude<keyof typeof playerColumns, (typeof HIDDEN_COUNTS)[number]>;

/** The question's own columns a player sees as stored: all of playerColumns but the counts, which `crowd` shows. */
const SHOWN_COLUMNS = Object.keys(withoutKeys(playerColumns, HIDDEN_COUNTS)) as ShownColumn[];

export const toQuestion = (row: QuestionRow): Question => {
  const { bookmarked, pickId, pickChoice, pickMultiplier, pickCreditsSpent, pickPotentialPayout, pickStatus } = row;
  const { pickActualPayout } = row;
  return Object.assign(pickKeys(row, SHOWN_COLUMNS), {
    autoResolution: autoResolutionOf(row),
    crowd: crowdOf(row, pickId !== null),
    bookmarked,
    myPick: pickId
      ? {
          id: pickId,
          choice: pickChoice ?? "yes",
          multiplier: pickMultiplier ?? 1,
          creditsSpent: pickCreditsSpent ?? 0,
          potentialPayout: pickPotentialPayout ?? 0,
          actualPayout: pickActualPayout ?? 0,
          status: pickStatus ?? "active",
        }
      : null,
  });
};
