import { z } from "@hono/zod-openapi";
import { scoreFeedLinks } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";

/** Where a question's auto-resolution stands, as players see it (null: not linked to the score feed). */
export const autoResolutionSchema = createSelectSchema(scoreFeedLinks, {
  finalAt: (schema) => schema.openapi({ description: "When an unchallenged proposal becomes the outcome (epoch ms)" }),
})
  .pick({
    state: true,
    eventStatus: true,
    homeTeam: true,
    awayTeam: true,
    homeScore: true,
    awayScore: true,
    proposedOutcome: true,
    finalAt: true,
  })
  .extend({ challengedByMe: z.boolean() })
  .nullable()
  .openapi("AutoResolution", {
    description: "The score feed's proposal and its challenge window; null when not linked",
  });
