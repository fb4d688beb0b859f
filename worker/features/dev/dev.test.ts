import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../app";
import { signUp } from "../../test/accounts";
import { BASE_URL, callJson } from "../../test/http";

type Outbox = { items: { to: string; subject: string; text: string; links: string[] }[] };

describe("GET /api/dev/outbox", () => {
  it("lists the emails newest first with their links", async () => {
    await signUp("outbox@example.com");
    await callJson("/api/auth/password-reset", { method: "POST", json: { email: "outbox@example.com" } });
    const { status, body } = await callJson<Outbox>("/api/dev/outbox?to=outbox@example.com");
    expect(status).toBe(200);
    expect(body.items.map((item) => item.subject)).toEqual([
      "Reset your Pickstreak password",
      "Confirm your Pickstreak account",
    ]);
    expect(body.items[0]).toMatchObject({ to: "outbox@example.com", text: expect.stringContaining("Choose a new password") });
    expect(body.items[0]?.links).toEqual([expect.stringMatching(/^http:\/\/localhost:8787\/password-reset\?token=[\w-]+$/)]);
    expect(body.items[1]?.links).toEqual([expect.stringMatching(/^http:\/\/localhost:8787\/auth\?mode=login&confirm=[\w-]+$/)]);
  });

  it("does not exist in production", async () => {
    const production = {
      ...env,
      ENVIRONMENT: "production",
      EMAIL_API_URL: "https://email.example.com/send",
      EMAIL_API_KEY: "key",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      EXCHANGE_RATES_URL: "https://rates.example/latest",
    };
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${BASE_URL}/api/dev/outbox`), production, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Page not found" } });
  });
});
