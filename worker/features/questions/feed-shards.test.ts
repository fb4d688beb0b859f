import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../test/http";
import { D1_LIMITS, limitedD1 } from "../../test/limited-d1";
import { clearQuestions, copiesOf, copyIds, insertQuestion } from "../../test/questions";
import { signedInPlayer } from "../../test/sessions";
import { SHARDS, twoShardEnv } from "../../test/shards";
import { foldPickCounts } from "./pick-counts";
import { copyQuestions } from "./question-copies";
import type { Question } from "./questions.schemas";

const shards = twoShardEnv();
const data = dataContext(shards);

type Page = { items: Question[]; nextCursor: string | null };

const feedAs = async (headers: Record<string, string>, query = "") => {
  const response = await call(`/api/questions${query}`, { headers, env: shards });
  expect(response.status).toBe(200);
  return ((await response.json()) as Page).items;
};

const questionsIn = async () => {
  const ids = [
    await insertQuestion({ id: "marked" }),
    await insertQuestion({ id: "picked" }),
    await insertQuestion({ id: "untouched" }),
  ];
  await copyQuestions(data, ids);
};

describe("the feed of a player whose shard is not the catalogue", () => {
  beforeEach(clearQuestions);

  it("shows their own bookmarks and picks from their shard on the catalogue's cards, and nobody else's", async () => {
    await questionsIn();
    const player = await signedInPlayer(10, shards);
    const other = await signedInPlayer(0, shards);
    expect((await call("/api/bookmarks/marked", { method: "PUT", headers: player.bearer, env: shards })).status).toBe(
      200,
    );
    const pick = await call("/api/picks", {
      method: "POST",
      headers: player.bearer,
      json: { questionId: "picked", choice: "no", multiplier: 1 },
      env: shards,
    });
    expect(pick.status).toBe(201);
    expect(
      await data
        .player(player.userId)
        .prepare("SELECT count(*) AS n FROM user_picks WHERE user_id = ?")
        .bind(player.userId)
        .first("n"),
    ).toBe(1);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM user_picks WHERE user_id = ?").bind(player.userId).first("n"),
    ).toBe(0);

    const cards = Object.fromEntries((await feedAs(player.bearer)).map((card) => [card.id, card]));
    expect(cards.marked).toMatchObject({ bookmarked: true, myPick: null });
    expect(cards.picked).toMatchObject({ bookmarked: false, myPick: { choice: "no", creditsSpent: 2 } });
    expect(cards.picked?.crowd).not.toBeNull();
    expect(cards.untouched).toMatchObject({ bookmarked: false, myPick: null, crowd: null });
    expect((await feedAs(player.bearer, "?bookmarked=true")).map((card) => card.id)).toEqual(["marked"]);
    expect((await feedAs(other.bearer)).every((card) => !card.bookmarked && card.myPick === null)).toBe(true);
    expect(await feedAs(other.bearer, "?bookmarked=true")).toEqual([]);
  });

  it("shows their pick on one question's page", async () => {
    await questionsIn();
    const player = await signedInPlayer(10, shards);
    await call("/api/picks", {
      method: "POST",
      headers: player.bearer,
      json: { questionId: "picked", choice: "yes", multiplier: 1 },
      env: shards,
    });
    const response = await call("/api/questions/picked", { headers: player.bearer, env: shards });
    expect(((await response.json()) as { question: Question }).question.myPick).toMatchObject({ choice: "yes" });
  });

  it("counts the player's own pick on their card at once, and once only after the shards' counts are summed", async () => {
    // A fresh question: the shards keep their counters on the fixed ids the other tests picked.
    const questionId = await insertQuestion();
    await copyQuestions(data, [questionId]);
    const [player, other] = [await signedInPlayer(10, shards), await signedInPlayer(10, shards)];
    const pickAs = (headers: Record<string, string>, choice: "yes" | "no") =>
      call("/api/picks", { method: "POST", headers, json: { questionId, choice, multiplier: 1 }, env: shards });
    const cardAs = async (headers: Record<string, string>) =>
      (await feedAs(headers)).find((card) => card.id === questionId);
    const pageAs = async (headers: Record<string, string>) =>
      ((await (await call(`/api/questions/${questionId}`, { headers, env: shards })).json()) as { question: Question })
        .question;

    expect((await pickAs(player.bearer, "no")).status).toBe(201);
    expect(await cardAs(player.bearer)).toMatchObject({ pickCount: 1, crowd: { yes: 0, no: 1 } });
    expect(await pageAs(player.bearer)).toMatchObject({ pickCount: 1, crowd: { yes: 0, no: 1 } });
    expect((await pickAs(other.bearer, "yes")).status).toBe(201);
    expect(await cardAs(other.bearer)).toMatchObject({ pickCount: 1, crowd: { yes: 1, no: 0 } });

    await foldPickCounts(data, Date.now());
    expect(await cardAs(player.bearer)).toMatchObject({ pickCount: 2, crowd: { yes: 1, no: 1 } });
    expect(await cardAs(other.bearer)).toMatchObject({ pickCount: 2, crowd: { yes: 1, no: 1 } });
    expect(await pageAs(player.bearer)).toMatchObject({ pickCount: 2, crowd: { yes: 1, no: 1 } });
  });

  it("shows a question settled before the shards' counts were summed with every shard's picks", async () => {
    const questionId = await insertQuestion();
    await copyQuestions(data, [questionId]);
    const [player, other] = [await signedInPlayer(10, shards), await signedInPlayer(10, shards)];
    for (const [headers, choice] of [
      [player.bearer, "no"],
      [other.bearer, "yes"],
    ] as const) {
      expect(
        (
          await call("/api/picks", {
            method: "POST",
            headers,
            json: { questionId, choice, multiplier: 1 },
            env: shards,
          })
        ).status,
      ).toBe(201);
    }
    // Settled within the minute: the fold, which only sums questions still taking picks, never reaches it.
    await env.DB.prepare("UPDATE questions SET status = 'resolved', outcome = 'A' WHERE id = ?").bind(questionId).run();
    await foldPickCounts(data, Date.now());
    const pageAs = async (headers: Record<string, string>) =>
      ((await (await call(`/api/questions/${questionId}`, { headers, env: shards })).json()) as { question: Question })
        .question;
    expect(await pageAs({})).toMatchObject({ pickCount: 2, crowd: { yes: 1, no: 1 }, myPick: null });
    expect(await pageAs(player.bearer)).toMatchObject({
      pickCount: 2,
      crowd: { yes: 1, no: 1 },
      myPick: { choice: "no" },
    });
  });

  it("shows their pick on an open question, and on one reopened whose picks their shard has not yet set back to active", async () => {
    await questionsIn();
    const player = await signedInPlayer(10, shards);
    for (const questionId of ["picked", "marked"]) {
      const pick = await call("/api/picks", {
        method: "POST",
        headers: player.bearer,
        json: { questionId, choice: "yes", multiplier: 1 },
        env: shards,
      });
      expect(pick.status).toBe(201);
    }
    // "marked" was settled at version 1 in this shard, then reopened (version 2): its copy is open, its pick still won.
    const shard = data.player(player.userId);
    await shard.batch([
      shard.prepare("UPDATE questions SET settlement_version = 2, settled_version = 1 WHERE id = 'marked'"),
      shard
        .prepare(
          "UPDATE user_picks SET status = 'won', settled_version = 1, settled_at = ?1 WHERE user_id = ?2 AND question_id = 'marked'",
        )
        .bind(Date.now(), player.userId),
    ]);

    const cards = Object.fromEntries((await feedAs(player.bearer)).map((card) => [card.id, card]));
    expect(cards.picked?.myPick).toMatchObject({ choice: "yes", status: "active" });
    expect(cards.marked?.myPick).toMatchObject({ choice: "yes", status: "won" });
    expect(cards.untouched?.myPick).toBeNull();
  });

  it("reads as a visitor's feed once the session is signed out", async () => {
    await questionsIn();
    const player = await signedInPlayer(10, shards);
    await call("/api/bookmarks/marked", { method: "PUT", headers: player.bearer, env: shards });
    await data
      .player(player.userId)
      .prepare("UPDATE sessions SET revoked_at = 1 WHERE user_id = ?")
      .bind(player.userId)
      .run();
    const response = await call("/api/questions", { headers: player.bearer, env: shards });
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=15");
    expect(((await response.json()) as Page).items.some((card) => card.bookmarked)).toBe(false);
  });

  it("reads their bookmarks on open questions only, so any number bookmarked on closed ones stays within D1's limits", async () => {
    await questionsIn();
    const player = await signedInPlayer(10, shards);
    expect((await call("/api/bookmarks/marked", { method: "PUT", headers: player.bearer, env: shards })).status).toBe(
      200,
    );
    const closed = await insertQuestion({ id: crypto.randomUUID(), status: "resolved", deadline: Date.now() - 60_000 });
    await copyQuestions(data, [closed]);
    const shard = data.player(player.userId);
    const bookmarked = 50_000;
    await copiesOf(shard, closed, bookmarked, 0);
    await shard
      .prepare(
        "INSERT INTO user_bookmarks (user_id, question_id, created_at) SELECT ?1, id, 0 FROM questions WHERE id LIKE ?2",
      )
      .bind(player.userId, `${closed}-%`)
      .run();
    const everyId = JSON.stringify(copyIds(closed, bookmarked));
    expect(everyId.length).toBeGreaterThan(D1_LIMITS.boundValueBytes);

    const limited = {
      ...shards,
      DB: limitedD1(env.DB),
      SHARD_0: limitedD1(SHARDS.SHARD_0),
      SHARD_1: limitedD1(SHARDS.SHARD_1),
    };
    const pageOf = async (query: string) => {
      const response = await call(`/api/questions${query}`, { headers: player.bearer, env: limited });
      expect(response.status).toBe(200);
      return ((await response.json()) as Page).items;
    };
    expect((await pageOf("?bookmarked=true")).map((card) => card.id)).toEqual(["marked"]);
    expect((await pageOf("")).filter((card) => card.bookmarked).map((card) => card.id)).toEqual(["marked"]);
  });
});
