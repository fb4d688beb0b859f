import * as z from "zod";

/** The lengths an admin may give a contest (3, 7 and 10 days: docs/product-rules.md). */
export const CONTEST_DURATION_DAYS = [3, 7, 10] as const;
const TITLE_MAX = 80;
const DURATION_MESSAGE = "Duration must be 3, 7 or 10 days";

export const defaultContestTitle = (days: number) => `${days}-Day Challenge`;

/** One schema for the admin's new-contest form and POST /api/admin/contests. A blank title gets the default. */
export const createContestSchema = z.object({
  title: z.string().trim().max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`).optional(),
  durationDays: z.union(
    CONTEST_DURATION_DAYS.map((days) => z.literal(days)),
    { error: DURATION_MESSAGE },
  ),
  startsAt: z
    .number({ error: "Start time is required" })
    .int("Start time is required")
    .positive("Start time is required"),
});

export type CreateContest = z.infer<typeof createContestSchema>;
