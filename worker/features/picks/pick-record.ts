import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { PICK_RECORD_DAYS } from "../../config";
import { compiledQuery } from "../../db/compiled";
import { dayOf, dayWindow } from "../../db/days";
import { batchNamed } from "../../db/statement";
import { streakEvents, userPicks } from "../../db/schema";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { timeZoneOffsetSchema } from "../../lib/time-zone";
import { requireUser } from "../session/session.middleware";
import { picksWithStatus } from "./pick-stats.service";

const recordDaySchema = z.object({
  day: z.string().openapi({ description: "The player's calendar day, YYYY-MM-DD", example: "2026-11-29" }),
  won: z.number().int(),
  lost: z.number().int(),
  void: z.number().int(),
  streak: z.number().int().openapi({ description: "The streak at the end of the day" }),
});

const recordSchema = z
  .object({
    days: z.array(recordDaySchema).openapi({ description: `The last ${PICK_RECORD_DAYS} days, oldest first` }),
  })
  .openapi("PickRecord");

const examplePickRecord = {
  days: [
    { day: "2026-11-28", won: 2, lost: 1, void: 0, streak: 0 },
    { day: "2026-11-29", won: 3, lost: 0, void: 1, streak: 3 },
  ],
} satisfies z.output<typeof recordSchema>;

export const pickRecordRoute = createRoute({
  method: "get",
  path: "/record",
  operationId: "getPickRecord",
  summary: "The player's settled picks per day (won, lost, void) and their streak at each day's end",
  description:
    "For the signed-in player's record chart: each of the last days, oldest first, with the picks settled that day " +
    "and the streak at its end, in the player's own time zone.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: {
    query: z.object({
      tz: timeZoneOffsetSchema
        .optional()
        .openapi({ description: "Minutes behind UTC (getTimezoneOffset()) of the player's days; UTC without it" }),
    }),
  },
  responses: {
    200: jsonContent(recordSchema, examplePickRecord),
    ...errorResponses("validation_failed", "unauthorized"),
  },
});

const player = sql.placeholder("userId");
const since = sql.placeholder("since");
const offset = sql.placeholder("offset");

/** A settled pick counts on the day of its latest settlement, so a corrected result moves to the correction's day. */
const resultsByDay = compiledQuery((db) => {
  const day = dayOf(userPicks.settledAt, offset).as("day");
  return db
    .select({ day, won: picksWithStatus("won"), lost: picksWithStatus("lost"), void: picksWithStatus("void") })
    .from(userPicks)
    .where(and(eq(userPicks.userId, player), isNotNull(userPicks.settledAt), gte(userPicks.settledAt, since)))
    .groupBy((columns) => columns.day);
});

/** The streak a change left; a result undone (no after) leaves it where it was. */
const streakAfter = sql<number>`COALESCE(${streakEvents.streakAfter}, ${streakEvents.streakBefore})`;

/** Each day's last change; ties in time go by id, as the streak history orders them. */
const lastStreakByDay = compiledQuery((db) => {
  const ranked = db
    .select({
      day: dayOf(streakEvents.createdAt, offset).as("day"),
      streak: streakAfter.as("streak"),
      rank: sql<number>`ROW_NUMBER() OVER (PARTITION BY ${dayOf(streakEvents.createdAt, offset)} ORDER BY ${streakEvents.createdAt} DESC, ${streakEvents.id} DESC)`.as(
        "rank",
      ),
    })
    .from(streakEvents)
    .where(and(eq(streakEvents.userId, player), gte(streakEvents.createdAt, since)))
    .as("ranked");
  return db.select({ day: ranked.day, streak: ranked.streak }).from(ranked).where(eq(ranked.rank, 1));
});

/** The streak the window starts from: the last change before it, 0 without one. */
const streakBefore = compiledQuery((db) =>
  db
    .select({ streak: streakAfter.as("streak") })
    .from(streakEvents)
    .where(and(eq(streakEvents.userId, player), lt(streakEvents.createdAt, since)))
    .orderBy(desc(streakEvents.createdAt), desc(streakEvents.id))
    .limit(1),
);

export const readPickRecord = async (d1: D1Database, userId: string, now: number, offsetMinutes = 0) => {
  const { since: from, days } = dayWindow(now, PICK_RECORD_DAYS, offsetMinutes);
  const values = { userId, since: from, offset: offsetMinutes };
  const reads = await batchNamed(d1, {
    results: resultsByDay(d1, values),
    streaks: lastStreakByDay(d1, values),
    start: streakBefore(d1, values),
  });
  const results = new Map(reads.results.map((row) => [row.day, row]));
  const streaks = new Map(reads.streaks.map((row) => [row.day, row.streak]));
  let streak = reads.start[0]?.streak ?? 0;
  return {
    days: days.map((day) => {
      streak = streaks.get(day) ?? streak;
      const result = results.get(day);
      return { day, won: result?.won ?? 0, lost: result?.lost ?? 0, void: result?.void ?? 0, streak };
    }),
  };
};
