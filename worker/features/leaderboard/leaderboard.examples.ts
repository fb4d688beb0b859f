import type { z } from "@hono/zod-openapi";
import type { leaderboardEntrySchema } from "./leaderboard.schemas";

/** The API document's example of a leaderboard row (checked against the schema by its linters). */
export const exampleLeaderboardEntry = {
  rank: 2,
  userId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
  username: "BoldFalcon42",
  country: "US",
  countryFlagUrl: "/flags/us.svg",
  score: 388,
  wins: 20,
  losses: 15,
  winRate: 57.1,
  netCredits: 78,
  points: 388,
} satisfies z.output<typeof leaderboardEntrySchema>;
