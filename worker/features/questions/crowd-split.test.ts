import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { settleAt } from "../../test/community";
import { call } from "../../test/http";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer } from "../../test/sessions";
import { foldPickCounts } from "./pick-counts";

const questionAs = async (id: string, headers: Record<string, string> = {}) =>
  (await successOf(apiClient({ headers }).questions[":id"].$get({ param: { id } }))).body.question;

/** With user shards, the catalogue's counters are the sums the every-minute cron folds in from the shards. */
const foldedCounts = () => foldPickCounts(dataContext(env), Date.now());

const counters = async (id: string) => {
  await foldedCounts();
  return env.DB.prepare("SELECT pick_count, yes_count, no_count FROM questions WHERE id = ?")
    .bind(id)
    .first<Record<string, number>>();
};

describe("the crowd's split", () => {
  it("is hidden until the viewer has picked, then shows the picks on each option", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    const [a, b, c, d] = await Promise.all([
      signedInPlayer(10),
      signedInPlayer(10),
      signedInPlayer(10),
      signedInPlayer(10),
    ]);
    await placePick(a!.userId, questionId, "yes");
    await placePick(b!.userId, questionId, "no");
    await placePick(c!.userId, questionId, "yes");

    expect(await counters(questionId)).toEqual({ pick_count: 3, yes_count: 2, no_count: 1 });
    expect((await questionAs(questionId)).crowd).toBeNull();
    expect((await questionAs(questionId, d!.bearer)).crowd).toBeNull();
    expect((await questionAs(questionId, a!.bearer)).crowd).toEqual({ yes: 2, no: 1 });
    const feed = await successOf(apiClient({ headers: b!.bearer }).questions.$get({ query: {} }));
    expect(feed.body.items.find((item) => item.id === questionId)?.crowd).toEqual({ yes: 2, no: 1 });
  });

  it("shows to everyone once the question takes no more picks", async () => {
    const questionId = await insertQuestion({ creditCost: 0 });
    const player = await signedInPlayer();
    await placePick(player.userId, questionId, "no");
    await env.DB.prepare("UPDATE questions SET deadline = ? WHERE id = ?")
      .bind(Date.now() - 1000, questionId)
      .run();
    await foldedCounts();
    expect((await questionAs(questionId)).crowd).toEqual({ yes: 0, no: 1 });
  });

  it("keeps the counters with the picks when many pick at once, in the pick's own batch", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    const players = await Promise.all(Array.from({ length: 12 }, () => signedInPlayer(5)));
    await Promise.all(
      players.map((player, i) =>
        call("/api/picks", {
          method: "POST",
          headers: player.bearer,
          json: { questionId, choice: i % 3 === 0 ? "no" : "yes", multiplier: 1 },
        }),
      ),
    );
    expect(await counters(questionId)).toEqual({ pick_count: 12, yes_count: 8, no_count: 4 });
  });

  it("tells each settled pick in My Picks whether it went with the crowd", async () => {
    const questionId = await insertQuestion({ creditCost: 1 });
    const [majority, minority, other] = await Promise.all([signedInPlayer(10), signedInPlayer(10), signedInPlayer(10)]);
    await placePick(majority!.userId, questionId, "yes");
    await placePick(other!.userId, questionId, "yes");
    await placePick(minority!.userId, questionId, "no");
    const mine = async (headers: Record<string, string>) =>
      (await successOf(apiClient({ headers }).picks.$get({ query: {} }))).body.items.find(
        (pick) => pick.questionId === questionId,
      )?.crowd;
    expect(await mine(majority!.bearer)).toBeNull();
    const listed = (await successOf(apiClient({ headers: minority!.bearer }).picks.$get({ query: {} }))).body.items[0];
    expect(listed?.question.crowd).toEqual({ yes: 2, no: 1 });

    await settleAt(questionId, "B", Date.now());
    expect(await mine(majority!.bearer)).toBe("with");
    expect(await mine(minority!.bearer)).toBe("against");
  });
});
