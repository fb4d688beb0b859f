import type { z } from "@hono/zod-openapi";
import type { adminQuestionSchema, createQuestionSchema } from "./admin-questions.schemas";

/** The API document's examples of the admin's questions (checked against the schemas by its linters). */
export const exampleNewQuestion = {
  title: "Will the Lakers beat the Celtics tonight?",
  deadline: 1767312000000,
  creditCost: 5,
  sportCategory: "NBA",
  customCategory: null,
  imageUrl: "/api/images/questions/3c9e1f0a-6b2d-4e87-a5c4-1d0f8b7e2a95.webp",
  status: "scheduled",
  publishAt: 1767254400000,
  questionType: "standard",
  answerOptionA: "Lakers",
  answerOptionB: "Celtics",
  tags: ["playoffs"],
} satisfies z.input<typeof createQuestionSchema>;

export const exampleAdminQuestion = {
  id: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
  ...exampleNewQuestion,
  category: "NBA",
  isFreePick: false,
  isPlayerProp: false,
  outcome: "unresolved",
  settlementVersion: 0,
  settledVersion: 0,
  pickCount: 0,
  createdBy: "e1d4b7a0-3c6f-4a92-8b15-7f0c2e9d4a61",
  createdAt: 1767225600000,
  updatedAt: 1767225600000,
  outcomeChangedFrom: null,
  outcomeReason: null,
  crowd: null,
  pendingSettlement: 0,
} satisfies z.output<typeof adminQuestionSchema>;
