import type { feedSides, questionTypes } from "../../db/schema";
import type { Outcome } from "../settlement/settle-pick";
import type { FeedEventStatus } from "./provider";

export type FeedSide = (typeof feedSides)[number];
type QuestionType = (typeof questionTypes)[number];

/** How a question reads its event: which side option A stands for (winner questions), or the line (over/under). */
export type FeedRule = { sideA: FeedSide | null; line: number | null };

/** The event's data an outcome is drawn from, and the data a proposal stands on. */
export type FeedResult = { eventStatus: FeedEventStatus; homeScore: number | null; awayScore: number | null };

/** Over/under questions read the total against a line; every other type reads the winner. */
export const ruleFits = (questionType: QuestionType, rule: FeedRule) =>
  questionType === "over_under" ? rule.line !== null : rule.sideA !== null;

/**
 * The outcome an event gives a question, or null while it has none (not final yet, or a rule that no longer fits the
 * question's type). Postponed and cancelled events void the question; so does a drawn winner question and a total
 * exactly on a whole-number line (a half line cannot be hit).
 */
export const outcomeFrom = (result: FeedResult, rule: FeedRule, questionType: QuestionType): Outcome | null => {
  if (result.eventStatus === "postponed" || result.eventStatus === "cancelled") return "void";
  const { homeScore: home, awayScore: away } = result;
  if (result.eventStatus !== "final" || home === null || away === null || !ruleFits(questionType, rule)) return null;
  if (questionType === "over_under") {
    const total = home + away;
    const line = rule.line ?? 0;
    return total > line ? "over" : total < line ? "under" : "void";
  }
  if (home === away) return "void";
  return (home > away ? "home" : "away") === rule.sideA ? "A" : "B";
};

export const sameResult = (a: FeedResult, b: FeedResult) =>
  a.eventStatus === b.eventStatus && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

/** Names a result, so one correction seen by many polls raises one alert. */
export const resultSignature = (result: FeedResult) =>
  `${result.eventStatus}:${result.homeScore ?? "-"}:${result.awayScore ?? "-"}`;
