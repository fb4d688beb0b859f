import { asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "../../config";
import type { Db } from "../../db/client";
import { publicName } from "../../db/public-name";
import { questions, scoreFeedAlerts, scoreFeedChallenges, scoreFeedLinks, users } from "../../db/schema";
import { linkColumns } from "./links.service";

/** Challenges listed per run of the queue: every challenge of the listed questions, up to this many. */
const CHALLENGES_LIMIT = 500;

const challenged = eq(scoreFeedLinks.state, "challenged");

/** The challenged questions, longest waiting first, with the feed's data, every challenge and the open alerts. */
export const readQueue = async (db: Db) => {
  const [linked, challenges, alerts] = await Promise.all([
    db
      .select({
        question: {
          id: questions.id,
          title: questions.title,
          questionType: questions.questionType,
          answerOptionA: questions.answerOptionA,
          answerOptionB: questions.answerOptionB,
          outcome: questions.outcome,
        },
        link: linkColumns,
      })
      .from(scoreFeedLinks)
      .innerJoin(questions, eq(questions.id, scoreFeedLinks.questionId))
      .where(challenged)
      .orderBy(asc(scoreFeedLinks.updatedAt))
      .limit(ADMIN_PAGE_SIZE),
    db
      .select({
        id: scoreFeedChallenges.id,
        questionId: scoreFeedChallenges.questionId,
        reason: scoreFeedChallenges.reason,
        createdAt: scoreFeedChallenges.createdAt,
        username: publicName(users),
      })
      .from(scoreFeedChallenges)
      .innerJoin(users, eq(users.id, scoreFeedChallenges.userId))
      .where(
        inArray(
          scoreFeedChallenges.questionId,
          db.select({ id: scoreFeedLinks.questionId }).from(scoreFeedLinks).where(challenged),
        ),
      )
      .orderBy(asc(scoreFeedChallenges.createdAt))
      .limit(CHALLENGES_LIMIT),
    db
      .select({
        id: scoreFeedAlerts.id,
        questionId: scoreFeedAlerts.questionId,
        eventId: scoreFeedAlerts.eventId,
        before: scoreFeedAlerts.before,
        after: scoreFeedAlerts.after,
        createdAt: scoreFeedAlerts.createdAt,
        questionTitle: questions.title,
        questionOutcome: questions.outcome,
        answerOptionA: questions.answerOptionA,
        answerOptionB: questions.answerOptionB,
        homeTeam: scoreFeedLinks.homeTeam,
        awayTeam: scoreFeedLinks.awayTeam,
      })
      .from(scoreFeedAlerts)
      .innerJoin(questions, eq(questions.id, scoreFeedAlerts.questionId))
      .innerJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, scoreFeedAlerts.questionId))
      .where(isNull(scoreFeedAlerts.dismissedAt))
      .orderBy(desc(scoreFeedAlerts.createdAt))
      .limit(ADMIN_PAGE_SIZE),
  ]);
  const items = linked.map(({ question, link }) => ({
    question,
    link,
    challenges: challenges.filter((challenge) => challenge.questionId === question.id),
  }));
  return { items, alerts };
};
