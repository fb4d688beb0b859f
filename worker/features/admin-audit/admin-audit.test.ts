import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { auditLedgerAfterEach, grantCredits } from "../../test/ledger";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { redeemGiftCard } from "../../test/redemptions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";

auditLedgerAfterEach();

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const setOutcome = (id: string, json: { outcome: "A" | "B" | "void" | "unresolved"; reason?: string }) =>
  apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({ param: { id }, json });

const auditOf = async (entityId: string) =>
  (
    await env.DB.prepare(
      "SELECT action, reason, subject_user_id, after FROM admin_audit_log WHERE entity_id = ? ORDER BY rowid",
    )
      .bind(entityId)
      .all<{ action: string; reason: string | null; subject_user_id: string | null; after: string }>()
  ).results;

describe("the audit trail of outcomes and redemption decisions", () => {
  it("asks for a reason when a set outcome changes, not when it is first set, and keeps it", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    const player = await signedInPlayer(5);
    await placePick(player.userId, questionId, "yes");
    expect((await setOutcome(questionId, { outcome: "A" })).status).toBe(200);

    const unexplained = await setOutcome(questionId, { outcome: "B" });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.json()).toMatchObject({
      error: { message: "Please give a reason for changing the outcome", field: "reason" },
    });
    expect(
      (await env.DB.prepare("SELECT outcome FROM questions WHERE id = ?").bind(questionId).first<{ outcome: string }>())
        ?.outcome,
    ).toBe("A");

    await successOf(setOutcome(questionId, { outcome: "B", reason: "The league corrected the score" }));
    expect((await auditOf(questionId)).map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: "outcome", reason: null },
      { action: "outcome", reason: "The league corrected the score" },
    ]);
  });

  it("records who decided a redemption, with the note as the reason, on the player's record", async () => {
    const player = await signUpAndLogin(`audit-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await grantCredits(player.userId, 50, "winnings");
    const { body } = await redeemGiftCard(player, { credits: 20 });
    const id = body.redemption.id;
    await successOf(
      apiClient({ headers: admin.bearer }).admin.redemptions[":id"].$patch({
        param: { id },
        json: { status: "rejected", note: "Card out of stock" },
      }),
    );
    expect(await auditOf(id)).toMatchObject([
      { action: "redemption_rejected", reason: "Card out of stock", subject_user_id: player.userId },
    ]);
  });
});

describe("GET /api/admin/audit", () => {
  it("names each entry's question or contest by its title, still after the question is deleted", async () => {
    const api = apiClient({ headers: admin.bearer }).admin;
    const title = `Audited ${crypto.randomUUID()}`;
    const { body } = await successOf(
      api.questions.$post({ json: { title, deadline: Date.now() + 86_400_000, creditCost: 1 } }),
    );
    const questionId = body.question.id;
    await successOf(api.questions[":id"].$patch({ param: { id: questionId }, json: { creditCost: 2 } }));
    await successOf(setOutcome(questionId, { outcome: "void" }));
    const contest = await successOf(api.contests.$post({ json: { durationDays: 3, startsAt: Date.now() + 60_000 } }));

    const titles = async (entity: string) =>
      (await successOf(api.audit.$get({ query: { entity } }))).body.items
        .filter((entry) => entry.entityId === questionId || entry.entityId === contest.body.contest.id)
        .map((entry) => [entry.action, entry.entityTitle])
        .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(await titles("question")).toEqual([
      ["create", title],
      ["outcome", title],
      ["update", title],
    ]);
    expect(await titles("contest")).toEqual([["create", contest.body.contest.title]]);

    await successOf(api.questions[":id"].$delete({ param: { id: questionId } }));
    expect(await titles("question")).toEqual([
      ["create", title],
      ["delete", title],
      ["outcome", title],
      ["update", title],
    ]);
  });
});
