import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { nextMillisecond } from "../../test/clock";
import { EVERY_MINUTE, runScheduled } from "../../cron/schedule";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import type { AdminQuestion } from "./admin-questions.schemas";

type Reply = { question: AdminQuestion; error?: { code: string; message: string; field?: string } };

let admin: TestAccount;
const DEADLINE = Date.now() + 24 * 60 * 60 * 1000;
const VALID = { title: "Will the Chiefs win?", deadline: DEADLINE, creditCost: 3, sportCategory: "NFL" };

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const create = (json: unknown) =>
  callJson<Reply>("/api/admin/questions", { method: "POST", headers: admin.bearer, json });
const patch = (id: string, json: unknown) =>
  callJson<Reply>(`/api/admin/questions/${id}`, { method: "PATCH", headers: admin.bearer, json });
const auditRows = (id: string) =>
  env.DB.prepare("SELECT action, before, after FROM admin_audit_log WHERE entity_id = ? ORDER BY created_at, rowid")
    .bind(id)
    .all<{ action: string; before: string | null; after: string | null }>();

describe("POST /api/admin/questions", () => {
  it("creates a draft with defaults, the free-pick flag from the cost, and an audit row", async () => {
    const { status, body } = await create({
      ...VALID,
      creditCost: 0,
      customCategory: "  Playoffs  ",
      tags: [" rivalry ", "rivalry", "", "week 1"],
    });
    expect(status).toBe(201);
    expect(body.question).toMatchObject({
      title: "Will the Chiefs win?",
      status: "draft",
      questionType: "standard",
      answerOptionA: "Yes",
      answerOptionB: "No",
      isFreePick: true,
      isPlayerProp: false,
      customCategory: "Playoffs",
      category: "Playoffs",
      tags: ["rivalry", "week 1"],
      outcome: "unresolved",
      settlementVersion: 0,
      pendingSettlement: 0,
      createdBy: admin.userId,
    });
    const audit = await auditRows(body.question.id);
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ action: "create", before: null });
  });

  it("fixes over/under options and turns default labels into Over/Under for player props", async () => {
    const overUnder = await create({
      ...VALID,
      questionType: "over_under",
      answerOptionA: "More",
      answerOptionB: "Less",
    });
    expect(overUnder.body.question).toMatchObject({ answerOptionA: "Over", answerOptionB: "Under" });
    const props = await create({ ...VALID, tags: ["player_props"], answerOptionA: "Yes", answerOptionB: "No" });
    expect(props.body.question).toMatchObject({ isPlayerProp: true, answerOptionA: "Over", answerOptionB: "Under" });
    const custom = await create({
      ...VALID,
      tags: ["player_props"],
      questionType: "custom",
      answerOptionA: "Mahomes",
      answerOptionB: "Allen",
    });
    expect(custom.body.question).toMatchObject({ answerOptionA: "Mahomes", answerOptionB: "Allen" });
  });

  it("answers each rule's own message", async () => {
    const cases: [unknown, string][] = [
      [{ ...VALID, title: "   " }, "Title is required"],
      [{ ...VALID, title: undefined }, "Title is required"],
      [{ ...VALID, deadline: undefined }, "Deadline is required"],
      [{ ...VALID, deadline: null }, "Deadline is required"],
      [{ ...VALID, creditCost: -1 }, "Credit cost must be 0 or more"],
      [{ ...VALID, creditCost: 1.5 }, "Credit cost must be 0 or more"],
      [{ ...VALID, creditCost: "3" }, "Credit cost must be 0 or more"],
      [{ ...VALID, sportCategory: "Curling" }, "Please choose a sport from the list"],
      [{ ...VALID, status: "archived" }, "Invalid status"],
      [{ ...VALID, questionType: "multi" }, "Invalid question type"],
      [{ ...VALID, status: "scheduled" }, "Publish time is required for scheduled questions"],
      [{ ...VALID, imageUrl: "javascript:alert(1)" }, "Invalid image URL"],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await create(json);
      expect(status, message).toBe(400);
      expect(body.error?.message).toBe(message);
    }
  });

  it("publishes a scheduled question once its publish time has passed", async () => {
    const { body } = await create({ ...VALID, status: "scheduled", publishAt: Date.now() - 1000 });
    expect(body.question).toMatchObject({ status: "scheduled", publishAt: expect.any(Number) });
    await runScheduled(EVERY_MINUTE, env);
    const stored = await env.DB.prepare("SELECT status FROM questions WHERE id = ?")
      .bind(body.question.id)
      .first<{ status: string }>();
    expect(stored?.status).toBe("published");
  });
});

describe("PATCH /api/admin/questions/:id", () => {
  it("writes only the changed fields plus updated_at, and audits just those", async () => {
    const { body: created } = await create(VALID);
    const id = created.question.id;
    await nextMillisecond();
    const { status, body } = await patch(id, {
      title: "Will the Chiefs win by 7?",
      creditCost: 3,
      tags: ["player_props"],
    });
    expect(status).toBe(200);
    expect(body.question).toMatchObject({
      title: "Will the Chiefs win by 7?",
      creditCost: 3,
      isPlayerProp: true,
      answerOptionA: "Over",
    });
    expect(body.question.updatedAt).toBeGreaterThan(created.question.updatedAt);
    const update = (await auditRows(id)).results.find((row) => row.action === "update");
    expect(Object.keys(JSON.parse(update!.after!)).sort()).toEqual(
      ["answer_option_a", "answer_option_b", "is_player_prop", "tags", "title"].sort(),
    );

    const unchanged = await patch(id, { title: "Will the Chiefs win by 7?" });
    expect(unchanged.body.question.updatedAt).toBe(body.question.updatedAt);
    expect((await auditRows(id)).results.filter((row) => row.action === "update")).toHaveLength(1);
  });

  it("audits the values an edit replaced as they were stored", async () => {
    const { body: created } = await create({ ...VALID, tags: ["rivalry"] });
    const id = created.question.id;
    await patch(id, { tags: ["player_props"] });
    const update = (await auditRows(id)).results.find((row) => row.action === "update");
    expect(JSON.parse(update!.before!)).toEqual({
      answer_option_a: "Yes",
      answer_option_b: "No",
      is_player_prop: 0,
      tags: '["rivalry"]',
    });
  });

  it("validates what it is sent and refuses a type change that orphans the outcome", async () => {
    const { body: created } = await create(VALID);
    const id = created.question.id;
    expect((await patch(id, { title: "" })).body.error?.message).toBe("Title is required");
    expect((await patch(id, { creditCost: -2 })).body.error?.message).toBe("Credit cost must be 0 or more");
    expect((await patch(id, { status: "scheduled" })).body.error?.message).toBe(
      "Publish time is required for scheduled questions",
    );
    await env.DB.prepare("UPDATE questions SET outcome = 'A' WHERE id = ?").bind(id).run();
    const typeChange = await patch(id, { questionType: "over_under" });
    expect(typeChange.status).toBe(422);
    expect(typeChange.body.error?.message).toBe("Set the outcome to unresolved before changing the question type");
    expect((await patch("missing-question", { title: "x" })).status).toBe(404);
  });
});

describe("GET /api/admin/questions", () => {
  it("lists every status newest first, filters by status and title, and pages by cursor", async () => {
    for (let i = 0; i < 3; i += 1) await create({ ...VALID, title: `Paging marker ${i}`, status: "resolved" });
    const questions = apiClient({ headers: admin.bearer }).admin.questions;
    const all = await successOf(questions.$get({ query: {} }));
    expect(new Set(all.body.items.map((q) => q.status))).toEqual(new Set(["draft", "published", "resolved"]));
    const resolved = await successOf(questions.$get({ query: { status: "resolved", q: "Paging marker" } }));
    expect(resolved.body.items.map((q) => q.title)).toEqual(["Paging marker 2", "Paging marker 1", "Paging marker 0"]);
    const one = await successOf(questions[":id"].$get({ param: { id: resolved.body.items[0]!.id } }));
    expect(one.body.question.title).toBe("Paging marker 2");
    expect((await callJson(`/api/admin/questions/nope`, { headers: admin.bearer })).status).toBe(404);
    expect((await callJson("/api/admin/questions?status=gone", { headers: admin.bearer })).status).toBe(400);
  });
});
