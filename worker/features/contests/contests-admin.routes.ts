import { createRoute, z } from "@hono/zod-openapi";
import { createContestSchema, defaultContestTitle } from "#shared/contests";
import { and, count, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { ADMIN_PAGE_SIZE } from "../../config";
import { createDb, type Db } from "../../db/client";
import { boundQuery, writeStatement } from "../../db/compiled";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { contestEntries, contests } from "../../db/schema";
import { decodeKeyset, page } from "../../lib/cursor";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { auditStatement } from "../admin-audit/admin-audit";
import { requireAdmin } from "../session/session.middleware";
import { contestStatus } from "./contest-view";
import { adminContestSchema } from "./contests.schemas";
import { batchNamed } from "../../db/statement";
import { copyContests } from "./contest-copies";
import { exampleAdminContest } from "./contests.examples";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A start this close to now counts as "now" (the admin's clock and ours differ a little). */
const START_GRACE_MS = 5 * 60 * 1000;

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listAdminContests",
  summary: "Every contest, newest first",
  description:
    "For admins: a page of every contest, newest first, with its entrants and the prizes paid so far. Pass the " +
    "answer's `nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(adminContestSchema), nextCursor: z.string().nullable() }), {
      items: [exampleAdminContest],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

const createContestRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "createContest",
  summary: "Create a contest",
  description:
    "For admins: schedules a contest of a few days starting now or later; players join it with an entry fee and " +
    "its prizes are paid when it ends. Without a title it is named after its dates.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    body: jsonBody(createContestSchema.openapi("CreateContest"), {
      title: exampleAdminContest.title,
      durationDays: 3,
      startsAt: exampleAdminContest.startsAt,
    }),
  },
  responses: {
    201: jsonContent(
      z.object({ contest: adminContestSchema }),
      { contest: { ...exampleAdminContest, status: "upcoming", entrants: 0 } },
      "Created",
    ),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "rule_violation"),
  },
});

const entries = alias(contestEntries, "entries");

/** Contests with their entrant count and the prizes paid so far; callers add the WHERE, order and limit. */
const adminContests = (db: Db) =>
  db
    .select({
      ...getTableColumns(contests),
      entrants: sql<number>`${db.select({ n: count() }).from(entries).where(eq(entries.contestId, contests.id))}`.as(
        "entrants",
      ),
      prizesPaid: sql<number>`${db
        .select({ total: sql`COALESCE(SUM(${entries.prize}), 0)` })
        .from(entries)
        .where(and(eq(entries.contestId, contests.id), isNotNull(entries.prizePaidAt)))}`.as("prizes_paid"),
    })
    .from(contests);

type AdminRow = Awaited<ReturnType<typeof adminContests>>[number];

const toAdminContest = ({ createdBy: _createdBy, ...row }: AdminRow, now: number) => ({
  ...row,
  status: contestStatus(row, now),
});

export const contestAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { cursor } = c.req.valid("query");
    const after = cursor ? decodeKeyset(cursor) : null;
    const rows = await adminContests(createDb(c.var.data.catalogue))
      .where(afterKeyset(contests, after))
      .orderBy(...newestFirst(contests))
      .limit(ADMIN_PAGE_SIZE + 1);
    const now = Date.now();
    return c.json(
      page(
        rows.map((row) => toAdminContest(row, now)),
        ADMIN_PAGE_SIZE,
      ),
      200,
    );
  })
  .openapi(createContestRoute, async (c) => {
    const input = c.req.valid("json");
    const now = Date.now();
    if (input.startsAt < now - START_GRACE_MS)
      throw new AppError("rule_violation", "Start time must not be in the past", { field: "startsAt" });
    const id = newId();
    const contest = {
      id,
      title: input.title || defaultContestTitle(input.durationDays),
      durationDays: input.durationDays,
      startsAt: input.startsAt,
      endsAt: input.startsAt + input.durationDays * DAY_MS,
    };
    const { data } = c.var;
    const db = createDb(data.catalogue);
    const { created } = await batchNamed(data.catalogue, {
      insert: writeStatement(
        data.catalogue,
        db.insert(contests).values({ ...contest, createdBy: c.var.user.id, createdAt: now }),
      ),
      audit: auditStatement(data.catalogue, {
        adminId: c.var.user.id,
        action: "create",
        entity: "contest",
        entityId: id,
        before: null,
        after: contest,
        now,
      }),
      created: boundQuery(data.catalogue, adminContests(db).where(eq(contests.id, id))),
    });
    await copyContests(data, [id]);
    return c.json({ contest: toAdminContest(created[0]!, now) }, 201);
  });
