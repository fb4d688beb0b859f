import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { outboxFor, signUp } from "../test/accounts";
import { productionEnv } from "../test/deployed-env";
import { caughtQueue, deliverBatch } from "../test/queues";
import { consumeEmailQueue as consumeEmails } from "../features/auth/account-link-requests";

const QUEUE = "pickstreak-dev-email";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the email queue", () => {
  it("carries a kick for the request's committed email to the consumer, which sends it, instead of the request", async () => {
    const { queue, sent } = caughtQueue();
    const response = await signUp("queued.mail@example.com", { env: { ...env, EMAIL_QUEUE: queue } });
    expect(response.status).toBe(201);
    expect(await outboxFor("queued.mail@example.com")).toEqual([]);
    expect(sent).toEqual([{ sendEmailsIn: expect.any(String) }]);

    const result = await deliverBatch(consumeEmails, QUEUE, env, sent);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await outboxFor("queued.mail@example.com")).toEqual([
      expect.objectContaining({ subject: expect.stringContaining("Confirm") }),
    ]);
  });

  it("retries an email the email API refused, and sends it once the API answers", async () => {
    const production = productionEnv({ EMAIL_API_URL: "https://email.example/send", EMAIL_API_KEY: "k" });
    const email = { to: "later@example.com", subject: "Hello", text: "Body" };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("down", { status: 503 })),
    );
    const refused = await deliverBatch(consumeEmails, QUEUE, production, [email]);
    expect(refused.retryMessages).toEqual([{ msgId: "m0" }]);

    const api = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", api);
    const accepted = await deliverBatch(consumeEmails, QUEUE, production, [email]);
    expect(accepted.explicitAcks).toEqual(["m0"]);
    expect(api).toHaveBeenCalledOnce();
  });

  it("drops a message that is not an email rather than retrying it forever", async () => {
    const result = await deliverBatch(consumeEmails, QUEUE, env, [{ to: "x@example.com" }, "hello"]);
    expect(result.explicitAcks).toEqual(["m0", "m1"]);
    expect(result.retryMessages).toEqual([]);
  });
});
