import type { z } from "@hono/zod-openapi";
import type { alertSchema, feedEventSchema, linkSchema, queueItemSchema } from "./score-feed.schemas";

const QUESTION_ID = "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93";
const STARTS = 1767312000000;

/** The API document's examples of the score feed's admin answers (checked against the schemas by its linters). */
export const exampleFeedEvent = {
  id: "nba-2026-01-02-lal-bos",
  sport: "NBA",
  homeTeam: "Los Angeles Lakers",
  awayTeam: "Boston Celtics",
  startsAt: STARTS,
  status: "scheduled",
  homeScore: null,
  awayScore: null,
} satisfies z.output<typeof feedEventSchema>;

export const exampleLink = {
  questionId: QUESTION_ID,
  eventId: exampleFeedEvent.id,
  sport: "NBA",
  homeTeam: exampleFeedEvent.homeTeam,
  awayTeam: exampleFeedEvent.awayTeam,
  startsAt: STARTS,
  sideA: "home",
  line: null,
  state: "waiting",
  eventStatus: "scheduled",
  homeScore: null,
  awayScore: null,
  proposedOutcome: null,
  proposedAt: null,
  finalAt: null,
  finalizedAt: null,
} satisfies z.output<typeof linkSchema>;

const challengedLink = {
  ...exampleLink,
  state: "challenged",
  eventStatus: "final",
  homeScore: 112,
  awayScore: 108,
  proposedOutcome: "A",
  proposedAt: STARTS + 3 * 3_600_000,
  finalAt: null,
} satisfies z.output<typeof linkSchema>;

export const exampleQueueItem = {
  question: {
    id: QUESTION_ID,
    title: "Will the Lakers beat the Celtics tonight?",
    questionType: "standard",
    answerOptionA: "Lakers",
    answerOptionB: "Celtics",
    outcome: "unresolved",
  },
  link: challengedLink,
  challenges: [
    {
      id: "b3f7a2c9-5e1d-4086-9c4b-7a2e0d6f1b58",
      questionId: QUESTION_ID,
      reason: "The game went to overtime and the Celtics won 118-115",
      createdAt: STARTS + 4 * 3_600_000,
      username: "BoldFalcon42",
    },
  ],
} satisfies z.output<typeof queueItemSchema>;

export const exampleAlert = {
  id: "4c8e2a6f-1d9b-4f3a-8e07-5b2d9c1a6e34",
  questionId: "1d7f3b9e-6a2c-4e85-9b10-3c8e5a7d2f46",
  eventId: "nfl-2026-01-01-kc-buf",
  before: { homeScore: 24, awayScore: 21, outcome: "A" },
  after: { homeScore: 24, awayScore: 27, outcome: "B" },
  createdAt: STARTS + 6 * 3_600_000,
  questionTitle: "Will the Chiefs beat the Bills?",
  questionOutcome: "A",
  answerOptionA: "Chiefs",
  answerOptionB: "Bills",
  homeTeam: "Kansas City Chiefs",
  awayTeam: "Buffalo Bills",
} satisfies z.output<typeof alertSchema>;
