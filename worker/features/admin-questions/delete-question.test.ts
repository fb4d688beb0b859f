import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { putOutcome } from "../../test/admin";
import { callJson } from "../../test/http";
import { balanceOf, expectLedgerClean, setBalance } from "../../test/ledger";
import { connect, types } from "../../test/live";
import { createPlayer, insertBulkPicks, placePick, shardOf, summedOverShards, sumOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";

type Reply = { message?: string; error?: { code: string; message: string } };

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const remove = (id: string) =>
  callJson<Reply>(`/api/admin/questions/${id}`, { method: "DELETE", headers: admin.bearer });

const countRows = (table: string, questionId: string) =>
  sumOverShards(`SELECT count(*) FROM ${table} WHERE question_id = ?`, questionId);

describe("DELETE /api/admin/questions/:id", () => {
  it("refunds every active pick once, removes everything but the ledger, and survives a retry", async () => {
    const questionId = await insertQuestion({ creditCost: 2 });
    const { userIdOf } = await insertBulkPicks(questionId, { count: 130, cost: 2, startBalance: 10 });
    const player = await createPlayer(10);
    await placePick(player, questionId, "yes", 3);
    await shardOf(player)
      .prepare("INSERT INTO user_bookmarks (user_id, question_id, created_at) VALUES (?, ?, 0)")
      .bind(player, questionId)
      .run();

    // The last step fails once: the picks are already refunded and gone, the question is still there.
    await env.DB.exec(
      `CREATE TRIGGER block_delete BEFORE DELETE ON questions WHEN OLD.id = '${questionId}' BEGIN SELECT RAISE(ABORT, 'blocked'); END`,
    );
    const failed = await remove(questionId);
    expect(failed.status).toBe(500);
    expect(failed.body.error).toEqual({ code: "internal", message: "Failed to delete question completely" });
    await env.DB.exec("DROP TRIGGER block_delete");

    const { status, body } = await remove(questionId);
    expect(status).toBe(200);
    expect(body).toEqual({ message: "Question and all related data deleted successfully" });
    expect(await balanceOf(userIdOf(0))).toBe(10);
    expect(await balanceOf(userIdOf(129))).toBe(10);
    expect(await balanceOf(player)).toBe(10);
    for (const table of ["user_picks", "user_bookmarks", "activity_feed"])
      expect(await countRows(table, questionId), table).toBe(0);
    expect(await env.DB.prepare("SELECT id FROM questions WHERE id = ?").bind(questionId).first()).toBeNull();
    const [refunds] = await summedOverShards(
      "SELECT count(*) AS n, SUM(amount) AS total FROM credit_transactions WHERE question_id = ? AND transaction_type = 'refund'",
      [questionId],
    );
    expect(refunds).toEqual({ n: 131, total: 130 * 2 + 6 });
    const audit = await env.DB.prepare("SELECT action, before FROM admin_audit_log WHERE entity_id = ?")
      .bind(questionId)
      .first<{ action: string; before: string }>();
    expect(audit?.action).toBe("delete");
    expect(JSON.parse(audit!.before)).toMatchObject({ id: questionId });

    expect((await remove(questionId)).status).toBe(404);
    await expectLedgerClean();
  });

  it("keeps settled picks' payouts and refunds nothing for them", async () => {
    const questionId = await insertQuestion({ creditCost: 4 });
    const winner = await createPlayer(10);
    const loser = await createPlayer(10);
    await placePick(winner, questionId, "yes");
    await placePick(loser, questionId, "no");
    await putOutcome(admin, questionId, "A");
    expect((await remove(questionId)).status).toBe(200);
    expect([await balanceOf(winner), await balanceOf(loser)]).toEqual([14, 6]);
    expect(await countRows("credit_transactions", questionId)).toBe(3);
    await expectLedgerClean();
  });

  it("sends each refunded player's open screens the new balance, the refund and why, as settlement does", async () => {
    const questionId = await insertQuestion({ title: "Will the derby be played?", creditCost: 2 });
    const refunded = await signUpAndLogin("refund-live@example.com");
    const bystander = await signUpAndLogin("bystander-live@example.com");
    await setBalance(refunded.userId, 10);
    await callJson("/api/picks", {
      method: "POST",
      headers: refunded.bearer,
      json: { questionId, choice: "yes", multiplier: 2 },
    });
    expect(await balanceOf(refunded.userId)).toBe(6);
    const [refundedTab, otherTab] = await Promise.all([
      connect({ headers: refunded.cookies }),
      connect({ headers: bystander.cookies }),
    ]);

    expect((await remove(questionId)).status).toBe(200);
    // The deletion reaches every socket after the refunds it announces.
    await vi.waitFor(() => {
      expect(types(refundedTab)).toEqual(expect.arrayContaining(["credits", "transaction", "question.deleted"]));
      expect(types(otherTab)).toContain("question.deleted");
    });

    expect(refundedTab.messages.find((m) => m.type === "credits")?.data).toMatchObject({ balance: 10 });
    expect(refundedTab.messages.find((m) => m.type === "transaction")?.data).toMatchObject({
      amount: 4,
      transactionType: "refund",
      description: "Refund: Will the derby be played? was removed",
    });
    await vi.waitFor(() =>
      expect(refundedTab.messages).toContainEqual({
        type: "pick.removed",
        data: { questionId, questionTitle: "Will the derby be played?", refunded: 4 },
      }),
    );
    expect(refundedTab.messages).toContainEqual({ type: "question.deleted", data: { id: questionId } });
    expect(otherTab.messages.map((m) => m.type)).not.toContain("credits");
    expect(otherTab.messages.map((m) => m.type)).not.toContain("transaction");
    expect(otherTab.messages.map((m) => m.type)).not.toContain("pick.removed");
    await expectLedgerClean();
  });
});
