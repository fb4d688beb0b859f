import { createRoute } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { DEFAULT_COUNTRY } from "#shared/countries";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { users } from "../../db/schema";
import { edgeCountry } from "../../lib/edge-country";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";
import { writeAccount } from "../auth/directory";
import { detectCountryResponseSchema } from "./me.schemas";

const detectRoute = createRoute({
  method: "post",
  path: "/detect-country",
  operationId: "detectCountry",
  security: signedIn,
  tags: ["Accounts"],
  summary: "Set the profile country from the edge's geolocation, unless chosen by hand or already non-US",
  description:
    "For the signed-in player's first visits: sets their country from where the request comes from, unless they " +
    "chose one or it is already other than the default. `updated` says whether it changed.",
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(detectCountryResponseSchema, { countryCode: "CA", updated: true }),
    ...errorResponses("unauthorized"),
  },
});

export const detectCountryRoutes = createRouter().openapi(detectRoute, async (c) => {
  const countryCode = edgeCountry(c.var.settings, c.req.raw);
  if (!countryCode || countryCode === DEFAULT_COUNTRY) return c.json({ countryCode, updated: false }, 200);
  const userId = c.var.user.id;
  const { directory } = await writeAccount(
    c.var.data,
    userId,
    (catalogue) => ({
      country: writeStatement(
        catalogue,
        createDb(catalogue)
          .update(users)
          .set({ country: countryCode, updatedAt: Date.now() })
          .where(and(eq(users.id, userId), eq(users.countryManuallySet, false), eq(users.country, DEFAULT_COUNTRY))),
      ),
    }),
    () => ({}),
  );
  const result = directory.country;
  return c.json({ countryCode, updated: result.meta.changes === 1 }, 200);
});
