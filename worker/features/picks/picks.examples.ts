import type { z } from "@hono/zod-openapi";
import { exampleQuestion } from "../questions/questions.examples";
import type { pickSchema, pickStatsSchema, pickWithQuestionSchema, submitPickSchema } from "./picks.schemas";

export { exampleQuestion };

/** The API document's examples of picks (checked against the schemas by its linters). */
export const exampleSubmitPick = {
  questionId: exampleQuestion.id,
  choice: "yes",
  multiplier: 2,
} satisfies z.input<typeof submitPickSchema>;

export const examplePick = {
  id: "7d3f1b6e-8a2c-4e59-b0d4-6c1e9f2a7b38",
  questionId: exampleQuestion.id,
  choice: "yes",
  creditsSpent: 10,
  multiplier: 2,
  pickType: "standard",
  potentialPayout: 20,
  actualPayout: 0,
  status: "active",
  createdAt: 1767290400000,
  updatedAt: 1767290400000,
} satisfies z.output<typeof pickSchema>;

export const examplePickWithQuestion = {
  ...examplePick,
  status: "won",
  actualPayout: 20,
  question: {
    id: exampleQuestion.id,
    title: exampleQuestion.title,
    deadline: exampleQuestion.deadline,
    imageUrl: exampleQuestion.imageUrl,
    sportCategory: exampleQuestion.sportCategory,
    customCategory: null,
    answerOptionA: exampleQuestion.answerOptionA,
    answerOptionB: exampleQuestion.answerOptionB,
    outcome: "A",
    updatedAt: 1767319200000,
    crowd: { yes: 71, no: 57 },
    autoResolution: null,
  },
  crowd: "with",
} satisfies z.output<typeof pickWithQuestionSchema>;

export const examplePickStats = {
  totalPicks: 42,
  totalSpent: 310,
  totalEarned: 388,
  netProfit: 78,
  winRate: 57.1,
  activePicks: 3,
} satisfies z.output<typeof pickStatsSchema>;
