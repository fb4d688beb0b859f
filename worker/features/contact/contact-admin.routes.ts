import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../auth/auth.middleware";

const contactMessageItem = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.number().int(),
  })
  .openapi("ContactMessageItem");

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listContactMessages",
  summary: "Contact messages, newest first",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(contactMessageItem), nextCursor: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

export const contactAdminRoutes = createRouter().openapi(listRoute, async (c) => {
  const { cursor } = c.req.valid("query");
  const after = cursor ? decodeKeyset(cursor) : null;
  const { results } = await c.env.DB.prepare(
    `SELECT id, user_id AS userId, name, email, subject, message, created_at AS createdAt
     FROM contact_messages
     WHERE ?1 IS NULL OR created_at < ?1 OR (created_at = ?1 AND id < ?2)
     ORDER BY created_at DESC, id DESC LIMIT ?3`,
  )
    .bind(after?.createdAt ?? null, after?.id ?? "", ADMIN_PAGE_SIZE + 1)
    .all<z.infer<typeof contactMessageItem>>();
  return c.json(page(results, ADMIN_PAGE_SIZE), 200);
});
