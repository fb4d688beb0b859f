import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { contactMessages } from "../../db/schema";
import { EXAMPLE_MESSAGE } from "./contact.examples";

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
  description:
    "For admins answering players: a page of the messages sent to the team, newest first. Pass the answer's " +
    "`nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(contactMessageItem), nextCursor: z.string().nullable() }), {
      items: [
        {
          id: "d8c3a1f6-2e9b-4a57-b4d0-8f6e1c3a9b72",
          userId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
          ...EXAMPLE_MESSAGE,
          createdAt: 1767380400000,
        },
      ],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

export const contactAdminRoutes = createRouter().openapi(listRoute, async (c) => {
  const { cursor } = c.req.valid("query");
  const m = contactMessages;
  const rows = await createDb(c.var.data.catalogue)
    .select({
      id: m.id,
      userId: m.userId,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt,
    })
    .from(m)
    .where(afterKeyset(m, cursor ? decodeKeyset(cursor) : null))
    .orderBy(...newestFirst(m))
    .limit(ADMIN_PAGE_SIZE + 1);
  return c.json(page(rows, ADMIN_PAGE_SIZE), 200);
});
