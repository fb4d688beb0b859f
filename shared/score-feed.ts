import * as z from "zod";

export const CHALLENGE_REASON_MIN = 5;
export const CHALLENGE_REASON_MAX = 500;
const REASON_MESSAGE = `Please say why in ${CHALLENGE_REASON_MIN} to ${CHALLENGE_REASON_MAX} characters`;

/** One schema for the challenge dialog and POST /api/score-feed/challenges. */
export const challengeSchema = z.object({
  questionId: z.string({ error: "Question is required" }).min(1, "Question is required").max(100),
  reason: z
    .string({ error: REASON_MESSAGE })
    .trim()
    .min(CHALLENGE_REASON_MIN, REASON_MESSAGE)
    .max(CHALLENGE_REASON_MAX, REASON_MESSAGE),
});

export type ChallengeInput = z.infer<typeof challengeSchema>;
