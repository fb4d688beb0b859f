import { createRoute } from "@hono/zod-openapi";
import { DEFAULT_COUNTRY } from "#shared/countries";
import { edgeCountry } from "../../lib/edge-country";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import { writeAccount } from "../auth/directory";
import { detectCountryResponseSchema } from "./me.schemas";

const detectRoute = createRoute({
  method: "post",
  path: "/detect-country",
  operationId: "detectCountry",
  security: signedIn,
  tags: ["Accounts"],
  summary: "Set the profile country from the edge's geolocation, unless chosen by hand or already non-US",
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(detectCountryResponseSchema), ...errorResponses(401) },
});

export const detectCountryRoutes = createRouter().openapi(detectRoute, async (c) => {
  const countryCode = edgeCountry(c.var.settings, c.req.raw);
  if (!countryCode || countryCode === DEFAULT_COUNTRY) return c.json({ countryCode, updated: false }, 200);
  const { directory } = await writeAccount(
    c.env,
    c.var.user.id,
    () => ({
      country: c.env.DB.prepare(
        `UPDATE users SET country = ?, updated_at = ?
         WHERE id = ? AND country_manually_set = 0 AND country = ?`,
      ).bind(countryCode, Date.now(), c.var.user.id, DEFAULT_COUNTRY),
    }),
    () => ({}),
  );
  const result = directory.country;
  return c.json({ countryCode, updated: result.meta.changes === 1 }, 200);
});
