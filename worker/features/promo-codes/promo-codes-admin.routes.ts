import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "../../config";
import { isBatchRefusal } from "../../db/batch-guard";
import { decodeKeyset, encodeKeyset } from "../../lib/cursor";
import { AppError } from "../../lib/errors";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { auditStatement } from "../admin-audit/admin-audit";
import { requireAdmin } from "../session/session.middleware";
import { createPromoCodeSchema, promoCodeSchema, updatePromoCodeSchema } from "./promo-codes.schemas";
import { batchNamed } from "../../db/statement";
import { createDb } from "../../db/client";
import { boundQuery, writeStatement } from "../../db/compiled";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { promoCodes } from "../../db/schema";

const codeParam = z.object({
  code: z
    .string()
    .max(100)
    .transform((code) => code.trim().toUpperCase()),
});
const examplePromoCode = {
  code: "WELCOME25",
  credits: 25,
  active: true,
  expiresAt: 1772323200000,
  maxRedemptions: 500,
  redemptionCount: 112,
  createdAt: 1767225600000,
  updatedAt: 1767225600000,
} satisfies z.output<typeof promoCodeSchema>;
const promoCodeBody = (promoCode: z.output<typeof promoCodeSchema>, description?: string) =>
  jsonContent(z.object({ promoCode: promoCodeSchema }), { promoCode }, description);

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listPromoCodes",
  summary: "Promo codes, newest first",
  description:
    "For admins running promotions: a page of the promo codes, newest first, with how often each was redeemed. Pass " +
    "the answer's `nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(promoCodeSchema), nextCursor: z.string().nullable() }), {
      items: [examplePromoCode],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

const createPromoRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "createPromoCode",
  summary: "Create a promo code",
  description:
    "For admins: a new code worth some bonus credits to each player who redeems it, optionally with an expiry and a " +
    "limit on redemptions. Codes are stored uppercased and must be new.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    body: jsonBody(createPromoCodeSchema, {
      code: "WELCOME25",
      credits: 25,
      active: true,
      expiresAt: 1772323200000,
      maxRedemptions: 500,
    }),
  },
  responses: {
    201: promoCodeBody({ ...examplePromoCode, redemptionCount: 0 }, "Created"),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "duplicate"),
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/{code}",
  operationId: "updatePromoCode",
  summary: "Change a promo code's credits, state, expiry or limit",
  description:
    "For admins: changes what a code is worth, turns it off or on, or moves its expiry or limit; what is left out " +
    "stays as it is.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { params: codeParam, body: jsonBody(updatePromoCodeSchema, { active: false }) },
  responses: {
    200: promoCodeBody({ ...examplePromoCode, active: false, updatedAt: 1767380400000 }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found"),
  },
});

/** A promo code as the admin's list and form show it. */
const selectPromoCodes = (d1: D1Database) => {
  const p = promoCodes;
  return createDb(d1)
    .select({
      code: p.code,
      credits: p.credits,
      active: p.active,
      expiresAt: p.expiresAt,
      maxRedemptions: p.maxRedemptions,
      redemptionCount: p.redemptionCount,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })
    .from(p);
};

const selectCode = (d1: D1Database, code: string) => selectPromoCodes(d1).where(eq(promoCodes.code, code));

export const promoCodeAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { cursor } = c.req.valid("query");
    const key = { createdAt: promoCodes.createdAt, id: promoCodes.code };
    const rows = await selectPromoCodes(c.var.data.catalogue)
      .where(afterKeyset(key, cursor ? decodeKeyset(cursor) : null))
      .orderBy(...newestFirst(key))
      .limit(ADMIN_PAGE_SIZE + 1);
    const items = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = items.at(-1);
    const nextCursor =
      rows.length > ADMIN_PAGE_SIZE && last ? encodeKeyset({ createdAt: last.createdAt, id: last.code }) : null;
    return c.json({ items, nextCursor }, 200);
  })
  .openapi(createPromoRoute, async (c) => {
    const input = c.req.valid("json");
    const d1 = c.var.data.catalogue;
    const now = Date.now();
    const row = { ...input, createdBy: c.var.user.id, createdAt: now, updatedAt: now };
    try {
      const { created } = await batchNamed(d1, {
        insert: writeStatement(d1, createDb(d1).insert(promoCodes).values(row)),
        audit: auditStatement(d1, {
          adminId: c.var.user.id,
          action: "promo_code.create",
          entity: "promo_code",
          entityId: input.code,
          before: null,
          after: input,
          now,
        }),
        created: boundQuery(d1, selectCode(d1, input.code)),
      });
      return c.json({ promoCode: created[0]! }, 201);
    } catch (error) {
      if (isBatchRefusal(error)) throw new AppError("duplicate", "This promo code already exists");
      throw error;
    }
  })
  .openapi(updateRoute, async (c) => {
    const { code } = c.req.valid("param");
    const patch = c.req.valid("json");
    const d1 = c.var.data.catalogue;
    const [before] = await selectCode(d1, code);
    if (!before) throw new AppError("not_found", "Promo code not found");
    const now = Date.now();
    const next = {
      credits: patch.credits ?? before.credits,
      active: patch.active ?? before.active,
      expiresAt: patch.expiresAt === undefined ? before.expiresAt : patch.expiresAt,
      maxRedemptions: patch.maxRedemptions === undefined ? before.maxRedemptions : patch.maxRedemptions,
    };
    const { updated } = await batchNamed(d1, {
      update: writeStatement(
        d1,
        createDb(d1)
          .update(promoCodes)
          .set({ ...next, updatedAt: now })
          .where(eq(promoCodes.code, code)),
      ),
      audit: auditStatement(d1, {
        adminId: c.var.user.id,
        action: "promo_code.update",
        entity: "promo_code",
        entityId: code,
        // The fields the edit sent, as they were: the audit keeps a change, not the whole row beside it.
        before: Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof typeof patch]])),
        after: patch,
        now,
      }),
      updated: boundQuery(d1, selectCode(d1, code)),
    });
    return c.json({ promoCode: updated[0]! }, 200);
  });
