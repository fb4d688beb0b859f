import type { z } from "@hono/zod-openapi";
import type { categoriesSchema, outcomeChangeSchema, questionSchema } from "./questions.schemas";

/** The API document's examples of questions (checked against the schemas by its linters). */
export const exampleQuestion = {
  id: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
  title: "Will the Lakers beat the Celtics tonight?",
  sportCategory: "NBA",
  customCategory: null,
  category: "NBA",
  creditCost: 5,
  deadline: 1767312000000,
  imageUrl: "/api/images/questions/0b8e7c2a-lakers-celtics.webp",
  status: "published",
  questionType: "standard",
  answerOptionA: "Lakers",
  answerOptionB: "Celtics",
  isFreePick: false,
  isPlayerProp: false,
  tags: ["playoffs"],
  outcome: "unresolved",
  pickCount: 128,
  createdAt: 1767225600000,
  updatedAt: 1767225600000,
  crowd: { yes: 71, no: 57 },
  bookmarked: false,
  myPick: {
    id: "7d3f1b6e-8a2c-4e59-b0d4-6c1e9f2a7b38",
    choice: "yes",
    multiplier: 2,
    creditsSpent: 10,
    potentialPayout: 20,
    actualPayout: 0,
    status: "active",
  },
  autoResolution: {
    state: "waiting",
    eventStatus: "scheduled",
    homeTeam: "Los Angeles Lakers",
    awayTeam: "Boston Celtics",
    homeScore: null,
    awayScore: null,
    proposedOutcome: null,
    finalAt: null,
    challengedByMe: false,
  },
} satisfies z.output<typeof questionSchema>;

export const exampleOutcomeChange = {
  previousOutcome: "A",
  outcome: "B",
  reason: "The league corrected the final score",
  changedAt: 1767315600000,
} satisfies z.output<typeof outcomeChangeSchema>;

export const exampleCategories = {
  categories: [
    { name: "NBA", count: 12 },
    { name: "NFL", count: 9 },
  ],
  hasPlayerProps: true,
} satisfies z.output<typeof categoriesSchema>;
