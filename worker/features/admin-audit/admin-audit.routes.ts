import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { createDb } from "../../db/client";
import { decodeKeyset, page } from "../../lib/cursor";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { auditEntrySchema } from "./admin-audit.schemas";
import { auditEntries } from "./audit-log.query";
import { exampleAuditEntry } from "./admin-audit.examples";

const filter = z.string().trim().min(1).max(100).optional();

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listAuditEntries",
  summary: "The append-only audit log of admin actions, newest first, filtered by action, entity, admin or player",
  description:
    "For admins checking who did what: a page of the audit log (every admin action and every result the score feed " +
    "set), newest first, with the reason given. Pass the answer's `nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    query: z.object({
      action: filter,
      entity: filter,
      adminId: filter,
      subjectUserId: filter,
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }), {
      items: [exampleAuditEntry],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

export const adminAuditRoutes = createRouter().openapi(listRoute, async (c) => {
  const { cursor, ...filters } = c.req.valid("query");
  const rows = await auditEntries(
    createDb(c.var.data.catalogue),
    filters,
    cursor ? decodeKeyset(cursor) : null,
    ADMIN_PAGE_SIZE + 1,
  );
  return c.json(page(rows, ADMIN_PAGE_SIZE), 200);
});
