import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, bodyAt, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { dataContext } from "../../db/data-context";
import { foldPickCounts } from "./pick-counts";

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const detailAs = async (id: string, headers: Record<string, string> = {}) =>
  (await successOf(apiClient({ headers }).questions[":id"].$get({ param: { id } }))).body;

const setOutcome = (questionId: string, outcome: "A" | "B" | "void" | "unresolved", reason?: string) =>
  successOf(
    apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({
      param: { id: questionId },
      json: { outcome, ...(reason ? { reason } : {}) },
    }),
  );

describe("GET /api/questions/:id, a question's own page", () => {
  it("shows a visitor the question alone, and a player their pick, its result and the crowd only once they picked", async () => {
    const questionId = await insertQuestion({ creditCost: 2 });
    const [picker, other, watcher] = await Promise.all([signedInPlayer(20), signedInPlayer(20), signedInPlayer(20)]);
    const pickId = await placePick(picker.userId, questionId, "yes", 2);
    await placePick(other.userId, questionId, "no");
    // With players in several databases, others' picks reach the catalogue's counters by the every-minute sum.
    await foldPickCounts(dataContext(env), Date.now());

    const visitor = await detailAs(questionId);
    expect(visitor.question).toMatchObject({ id: questionId, bookmarked: false, myPick: null, crowd: null });
    expect(visitor.outcomeHistory).toEqual([]);
    // A signed-in player who has not picked sees no split while the question is open: it would steer their pick.
    expect((await detailAs(questionId, watcher.bearer)).question.crowd).toBeNull();

    const mine = await detailAs(questionId, picker.bearer);
    expect(mine.question.myPick).toEqual({
      id: pickId,
      choice: "yes",
      multiplier: 2,
      creditsSpent: 4,
      potentialPayout: 8,
      actualPayout: 0,
      status: "active",
    });
    expect(mine.question.crowd).toEqual({ yes: 1, no: 1 });

    await setOutcome(questionId, "A");
    const settled = await detailAs(questionId, picker.bearer);
    expect(settled.question.myPick).toMatchObject({ status: "won", actualPayout: 8 });
    expect((await detailAs(questionId, other.bearer)).question.myPick).toMatchObject({
      status: "lost",
      actualPayout: 0,
    });
    // Picking is over: the split is everyone's to see.
    expect((await detailAs(questionId)).question.crowd).toEqual({ yes: 1, no: 1 });
  });

  it("lists every change of the outcome with its reason, oldest first, leaving out requests that changed nothing", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    await setOutcome(questionId, "A");
    await setOutcome(questionId, "A");
    await setOutcome(questionId, "B", "The replay showed the ball crossed the line");
    await setOutcome(questionId, "unresolved", "The league reopened the result");
    await setOutcome(questionId, "void", "The match was abandoned");

    const entries = await env.DB.prepare("SELECT count(*) AS n FROM admin_audit_log WHERE entity_id = ?")
      .bind(questionId)
      .first<number>("n");
    expect(entries).toBe(5);
    const { outcomeHistory } = await detailAs(questionId);
    expect(outcomeHistory.map(({ changedAt: _at, ...change }) => change)).toEqual([
      { previousOutcome: "unresolved", outcome: "A", reason: null },
      { previousOutcome: "A", outcome: "B", reason: "The replay showed the ball crossed the line" },
      { previousOutcome: "B", outcome: "unresolved", reason: "The league reopened the result" },
      { previousOutcome: "unresolved", outcome: "void", reason: "The match was abandoned" },
    ]);
    const times = outcomeHistory.map((change) => change.changedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("is a 404 for an id no question has, a question not published, and a deleted question", async () => {
    const missing = await apiClient().questions[":id"].$get({ param: { id: "no-such-question" } });
    expect(await bodyAt(missing, 404)).toEqual({ error: { code: "not_found", message: "Question not found" } });

    const draft = await insertQuestion({ status: "draft" });
    expect((await callJson(`/api/questions/${draft}`)).status).toBe(404);
    expect((await detailAs(draft, admin.bearer)).question.id).toBe(draft);

    const deleted = await insertQuestion({ creditCost: 1 });
    await setOutcome(deleted, "A", "Settled before it was removed");
    const removed = await callJson(`/api/admin/questions/${deleted}`, { method: "DELETE", headers: admin.bearer });
    expect(removed.status).toBe(200);
    // Its audit entries stay in the log; the page is gone all the same.
    const entries = await env.DB.prepare("SELECT count(*) AS n FROM admin_audit_log WHERE entity_id = ?")
      .bind(deleted)
      .first<number>("n");
    expect(entries).toBeGreaterThan(0);
    expect((await callJson(`/api/questions/${deleted}`)).status).toBe(404);
  });
});
