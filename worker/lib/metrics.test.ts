import { beforeEach, describe, expect, it } from "vitest";
import { putOutcome } from "../test/admin";
import { apiClient, successOf } from "../test/client";
import { call } from "../test/http";
import { grantCredits } from "../test/ledger";
import { insertQuestion } from "../test/questions";
import { redeemGiftCard } from "../test/redemptions";
import { signUpAndLogin } from "../test/accounts";
import { signedInPlayer } from "../test/sessions";
import { paidCheckout, useFakeStripe, verify } from "../test/stripe";
import { clearRecordedPoints, pointOf, recordedPoints, type MetricPoint } from "./metrics";

const pointsOf = (event: string) => recordedPoints.filter((point) => point.blobs[0] === event);
const withBlob = (points: MetricPoint[], blob: string) => points.filter((point) => point.blobs.includes(blob));

let admin: ReturnType<typeof signUpAndLogin> | undefined;
/** The one admin account of this file's database, signed up on first use. */
const theAdmin = () => (admin ??= signUpAndLogin("admin@example.com"));

beforeEach(() => {
  clearRecordedPoints();
});

describe("metrics", () => {
  it("lays out every event as its name (blob1, the index), its blobs, then its doubles", () => {
    expect(
      pointOf({ event: "request", route: "/api/picks", method: "POST", colo: "AMS", status: 201, durationMs: 12 }),
    ).toEqual({ indexes: ["request"], blobs: ["request", "/api/picks", "POST", "AMS"], doubles: [201, 12] });
    expect(pointOf({ event: "purchase", currency: "EUR", kind: "pack", credits: 12, amountMinor: 499 })).toEqual({
      indexes: ["purchase"],
      blobs: ["purchase", "EUR", "pack"],
      doubles: [12, 499],
    });
  });

  it("counts each request by its route template, never its raw path", async () => {
    const id = crypto.randomUUID();
    expect((await call(`/api/questions/${id}`)).status).toBe(404);
    const [point] = withBlob(pointsOf("request"), "/api/questions/:id");
    expect(point).toEqual({
      indexes: ["request"],
      blobs: ["request", "/api/questions/:id", "GET", "local"],
      doubles: [404, expect.any(Number)],
    });
    expect(JSON.stringify(recordedPoints)).not.toContain(id);
  });

  it("counts a pick once, not its replay, and the settlement that pays it", async () => {
    const player = await signedInPlayer(20);
    const admin = await theAdmin();
    const questionId = await insertQuestion({ creditCost: 2 });
    const key = crypto.randomUUID();
    const pick = () =>
      apiClient({ headers: player.bearer }).picks.$post({
        json: { questionId, choice: "yes", multiplier: 3 },
        header: { "idempotency-key": key },
      });
    await successOf(pick());
    await successOf(pick());
    expect(pointsOf("pick")).toEqual([{ indexes: ["pick"], blobs: ["pick", questionId], doubles: [6, 3] }]);

    expect((await putOutcome(admin, questionId, "A")).status).toBe(200);
    expect(withBlob(pointsOf("settlement"), questionId)).toEqual([
      { indexes: ["settlement"], blobs: ["settlement", questionId], doubles: [1, 12, expect.any(Number)] },
    ]);
  });

  it("counts a purchase once, whether the webhook or the return credits it", async () => {
    const stripe = useFakeStripe();
    const player = await signedInPlayer();
    const { sessionId } = await paidCheckout(stripe, player.bearer, { credits: 10 });
    expect((await verify(player.bearer, sessionId)).status).toBe(200);
    expect((await verify(player.bearer, sessionId)).status).toBe(200);
    expect(pointsOf("purchase")).toEqual([
      { indexes: ["purchase"], blobs: ["purchase", "USD", "pack"], doubles: [10, expect.any(Number)] },
    ]);
  });

  it("counts a redemption when it is asked for and when it is decided", async () => {
    const admin = await theAdmin();
    const player = await signUpAndLogin(`redeemer-${crypto.randomUUID().slice(0, 6)}@example.com`);
    await grantCredits(player.userId, 40, "winnings");
    const { status, body } = await redeemGiftCard(player, { credits: 25 });
    expect(status).toBe(201);
    await successOf(
      apiClient({ headers: admin.bearer }).admin.redemptions[":id"].$patch({
        param: { id: body.redemption.id },
        json: { status: "fulfilled", note: "Code AMZ-1" },
      }),
    );
    expect(pointsOf("redemption")).toEqual([
      { indexes: ["redemption"], blobs: ["redemption", "gift_card", "requested"], doubles: [25] },
      { indexes: ["redemption"], blobs: ["redemption", "gift_card", "fulfilled"], doubles: [25] },
    ]);
  });
});
