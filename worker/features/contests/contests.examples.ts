import type { z } from "@hono/zod-openapi";
import type { adminContestSchema, contestSchema } from "./contests.schemas";

const DAY_MS = 86_400_000;
const STARTS = 1767225600000;

/** The API document's examples of contests (checked against the schemas by its linters). */
export const exampleContest = {
  id: "6b1e9d3c-4a7f-4c20-9e58-2d0b8f3a7c15",
  title: "Weekend Showdown",
  durationDays: 3,
  startsAt: STARTS,
  endsAt: STARTS + 3 * DAY_MS,
  status: "active",
  paid: false,
  entryFee: 10,
  entrants: 48,
  prizes: {
    tiers: [
      { topPercent: 10, credits: 100, lastPlace: 5 },
      { topPercent: 25, credits: 30, lastPlace: 12 },
    ],
    topPlaces: 3,
    topPlacesPrize: 250,
  },
  standings: [
    {
      rank: 1,
      userId: "9a4d2c7e-1b3f-4e8a-b6c5-0f7e2d9a1c43",
      username: "RiverHawk7",
      country: "CA",
      countryFlagUrl: "/flags/ca.svg",
      score: 9,
      prize: 250,
    },
  ],
  me: { rank: 4, score: 6, joinedAt: STARTS + DAY_MS, prize: 100 },
} satisfies z.output<typeof contestSchema>;

export const exampleAdminContest = {
  id: exampleContest.id,
  title: exampleContest.title,
  durationDays: 3,
  startsAt: STARTS,
  endsAt: STARTS + 3 * DAY_MS,
  status: "active",
  entrants: 48,
  closedAt: null,
  paidAt: null,
  prizesPaid: 0,
  createdAt: STARTS - DAY_MS,
} satisfies z.output<typeof adminContestSchema>;
