import { sql } from "drizzle-orm";
import { renamed } from "../../db/columns";
import { scoreFeedChallenges, scoreFeedLinks } from "../../db/schema";

const l = scoreFeedLinks;

/**
 * The score feed's side of a question for players, selected beside the question's own columns (left joins of the link
 * and the viewer's challenge): each under a name of its own, since the feed reads in a drizzle batch.
 */
export const autoResolutionColumns = {
  feedState: renamed(l.state, "feed_state"),
  feedEventStatus: renamed(l.eventStatus, "feed_event_status"),
  feedHomeTeam: renamed(l.homeTeam, "feed_home_team"),
  feedAwayTeam: renamed(l.awayTeam, "feed_away_team"),
  feedHomeScore: renamed(l.homeScore, "feed_home_score"),
  feedAwayScore: renamed(l.awayScore, "feed_away_score"),
  feedProposedOutcome: renamed(l.proposedOutcome, "feed_proposed_outcome"),
  feedFinalAt: renamed(l.finalAt, "feed_final_at"),
  challengedByMe: sql<boolean>`${scoreFeedChallenges.id} IS NOT NULL`.mapWith(Boolean).as("challenged_by_me"),
};

type FeedColumns = { [K in keyof typeof autoResolutionColumns]: (typeof autoResolutionColumns)[K]["_"]["type"] };

/** A row's auto-resolution: null when the question is not linked to the score feed. */
export const autoResolutionOf = (row: FeedColumns) => {
  const { feedState: state, feedEventStatus: eventStatus, feedHomeTeam: homeTeam, feedAwayTeam: awayTeam } = row;
  if (!state || !eventStatus || !homeTeam || !awayTeam) return null;
  const {
    feedHomeScore: homeScore,
    feedAwayScore: awayScore,
    feedProposedOutcome: proposedOutcome,
    feedFinalAt: finalAt,
    challengedByMe,
  } = row;
  return { state, eventStatus, homeTeam, awayTeam, homeScore, awayScore, proposedOutcome, finalAt, challengedByMe };
};
