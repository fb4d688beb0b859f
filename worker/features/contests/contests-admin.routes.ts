import { createRoute, z } from "@hono/zod-openapi";
import { createContestSchema, defaultContestTitle } from "#shared/contests";
import { ADMIN_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { auditStatement } from "../admin-audit/admin-audit";
import { requireAdmin } from "../auth/auth.middleware";
import { CONTEST_COLUMNS, contestStatus, type ContestRow } from "./contest-view";
import { adminContestSchema } from "./contests.schemas";
import { batchNamed, typed } from "../../db/statement";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A start this close to now counts as "now" (the admin's clock and ours differ a little). */
const START_GRACE_MS = 5 * 60 * 1000;

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listAdminContests",
  summary: "Every contest, newest first",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(adminContestSchema), nextCursor: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

const createContestRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "createContest",
  summary: "Create a contest",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(createContestSchema.openapi("CreateContest")) },
  responses: {
    201: jsonContent(z.object({ contest: adminContestSchema }), "Created"),
    ...errorResponses(400, 401, 403, 422),
  },
});

type AdminRow = ContestRow & { entrants: number; prizes_paid: number };

const ADMIN_COLUMNS = `${CONTEST_COLUMNS},
  (SELECT count(*) FROM contest_entries e WHERE e.contest_id = c.id) AS entrants,
  (SELECT COALESCE(SUM(prize), 0) FROM contest_entries e WHERE e.contest_id = c.id AND e.prize_paid_at IS NOT NULL) AS prizes_paid`;

const toAdminContest = (row: AdminRow, now: number) => ({
  id: row.id,
  title: row.title,
  durationDays: row.duration_days,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  status: contestStatus(row, now),
  entrants: row.entrants,
  closedAt: row.closed_at,
  paidAt: row.paid_at,
  prizesPaid: row.prizes_paid,
  createdAt: row.created_at,
});

export const contestAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { cursor } = c.req.valid("query");
    const after = cursor ? decodeKeyset(cursor) : null;
    const { results } = await c.env.DB.prepare(
      `SELECT ${ADMIN_COLUMNS} FROM contests c
       WHERE (?1 IS NULL OR c.created_at < ?1 OR (c.created_at = ?1 AND c.id < ?2))
       ORDER BY c.created_at DESC, c.id DESC LIMIT ?3`,
    )
      .bind(after?.createdAt ?? null, after?.id ?? "", ADMIN_PAGE_SIZE + 1)
      .all<AdminRow>();
    const now = Date.now();
    return c.json(page(results.map((row) => toAdminContest(row, now)), ADMIN_PAGE_SIZE), 200);
  })
  .openapi(createContestRoute, async (c) => {
    const input = c.req.valid("json");
    const now = Date.now();
    if (input.startsAt < now - START_GRACE_MS) throw new AppError("rule_violation", "Start time must not be in the past", { field: "startsAt" });
    const id = newId();
    const contest = {
      id,
      title: input.title || defaultContestTitle(input.durationDays),
      durationDays: input.durationDays,
      startsAt: input.startsAt,
      endsAt: input.startsAt + input.durationDays * DAY_MS,
    };
    const { created } = await batchNamed(c.env.DB, {
      insert: c.env.DB.prepare(
        `INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).bind(id, contest.title, contest.durationDays, contest.startsAt, contest.endsAt, c.var.user.id, now),
      audit: auditStatement(c.env.DB, { adminId: c.var.user.id, action: "create", entity: "contest", entityId: id, before: null, after: contest, now }),
      created: typed<AdminRow>(c.env.DB.prepare(`SELECT ${ADMIN_COLUMNS} FROM contests c WHERE c.id = ?`).bind(id)),
    });
    return c.json({ contest: toAdminContest(created.results[0]!, now) }, 201);
  });
