import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../app";
import { readSettings } from "../../env";
import { BASE_URL } from "../../test/http";

const EMAIL = { EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "key" };

describe("payment settings", () => {
  it("are required in production", () => {
    expect(() => readSettings({ ...env, ENVIRONMENT: "production", ...EMAIL } as Env)).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and EXCHANGE_RATES_URL are required in production/,
    );
  });

  it("have no public fallback outside local development: an unconfigured staging webhook answers 503", async () => {
    const staging = { ...env, ENVIRONMENT: "staging", ...EMAIL };
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`${BASE_URL}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Stripe-Signature": "t=1,v1=00" },
        body: "{}",
      }),
      staging,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: "unavailable", message: "Payments are not configured" } });
  });
});
