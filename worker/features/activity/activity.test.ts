import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { settleAt } from "../../test/community";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { createPlayer, placePick, sumOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";

const feed = (cursor?: string) => successOf(apiClient().activity.$get({ query: cursor ? { cursor } : {} }));

describe("GET /api/activity", () => {
  it("lists picks and wins across the community, newest first, to visitors", async () => {
    const questionId = await insertQuestion({
      title: "Lakers beat the Celtics",
      creditCost: 2,
      answerOptionA: "Lakers",
      answerOptionB: "Celtics",
    });
    const winner = await createPlayer(20);
    const loser = await createPlayer(20);
    await placePick(winner, questionId, "yes", 2);
    await placePick(loser, questionId, "no");
    await settleAt(questionId, "A", Date.now() + 1000);

    const { status, body } = await feed();
    expect(status).toBe(200);
    const [win, ...picks] = body.items;
    expect(win).toMatchObject({
      kind: "win",
      userId: winner,
      questionId,
      questionTitle: "Lakers beat the Celtics",
      choiceLabel: "Lakers",
      credits: 8,
    });
    expect(picks.slice(0, 2).map((e) => [e.kind, e.userId, e.choiceLabel, e.credits])).toEqual([
      ["pick", loser, "Celtics", 2],
      ["pick", winner, "Lakers", 4],
    ]);
    const name = await env.DB.prepare("SELECT username FROM users WHERE id = ?")
      .bind(winner)
      .first<{ username: string }>();
    expect(win?.username).toBe(name?.username);
  });

  it("pages through every entry exactly once, win entries included", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    for (let i = 0; i < 40; i++) await placePick(await createPlayer(5), questionId, i % 2 ? "yes" : "no");
    await settleAt(questionId, "B", Date.now() + 2000);
    const total = await sumOverShards("SELECT count(*) FROM activity_feed");
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await feed(cursor);
      seen.push(...body.items.map((e) => e.id));
      cursor = body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("refuses a malformed cursor", async () => {
    expect((await callJson("/api/activity?cursor=not-a-cursor")).body).toMatchObject({
      error: { code: "bad_request", message: "Invalid cursor" },
    });
  });
});
