import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";

describe("GET /api/rewards", () => {
  it("lists the allowlisted brands for anyone, with our own images and the redemption rules", async () => {
    const { status, body } = await successOf(apiClient().rewards.$get());
    expect(status).toBe(200);
    expect(body.items.map((reward) => reward.name)).toEqual([
      "Amazon",
      "Visa",
      "Mastercard",
      "Starbucks",
      "Walmart",
      "Target",
      "Sephora",
      "DoorDash",
      "Nike",
      "Ulta",
      "Uber Eats",
    ]);
    for (const reward of body.items) {
      expect(reward.imageUrl).toBe(`/images/rewards/${reward.id}.svg`);
      expect(reward).toMatchObject({ currency: "USD", minAmount: 10, maxAmount: 1000, countryCodes: ["US"] });
    }
    expect(body).toMatchObject({ usdPerCredit: 0.6, minCredits: 10 });
  });

  it("is described in the OpenAPI document with the redemption and referral routes", async () => {
    const { body } = await callJson<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/rewards",
        "/redemptions/gift-card",
        "/redemptions/cash-out",
        "/redemptions",
        "/admin/redemptions",
        "/admin/redemptions/{id}",
        "/referrals",
      ]),
    );
  });
});
