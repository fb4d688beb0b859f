import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLedgerAfterEach } from "../../test/ledger";
import { outboxFor } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { connect } from "../../test/live";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { nextMillisecond } from "../../test/clock";

auditLedgerAfterEach();

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

type Outcome = "A" | "B" | "void" | "unresolved";

const settle = async (questionId: string, outcome: Outcome, reason?: string) => {
  await nextMillisecond();
  await successOf(
    apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({
      param: { id: questionId },
      json: { outcome, ...(reason ? { reason } : {}) },
    }),
  );
};

const historyOf = async (player: SignedInPlayer) => {
  const { body } = await successOf(apiClient({ headers: player.bearer }).streak.history.$get({ query: {} }));
  return body.items.map((e) => ({
    title: e.questionTitle,
    change: `${e.previousResult}>${e.result}`,
    outcomes: `${e.fromOutcome ?? "-"}>${e.toOutcome}`,
    reason: e.reason,
    streak: `${e.streakBefore}>${e.streakAfter}`,
  }));
};

const streakOf = async (player: SignedInPlayer) =>
  (await successOf(apiClient({ headers: player.bearer }).streak.$get())).body.currentStreak;

const emailOf = async (userId: string) =>
  (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>())!.email;

describe("the streak history", () => {
  it("records each settled pick's effect and each correction with its reason, and the streak before and after", async () => {
    const player = await signedInPlayer(20);
    const first = await insertQuestion({ creditCost: 1, title: "First game" });
    const second = await insertQuestion({ creditCost: 1, title: "Second game" });
    const third = await insertQuestion({ creditCost: 1, title: "Rained off" });
    for (const question of [first, second, third]) await placePick(player.userId, question, "yes");

    await settle(first, "A");
    await settle(second, "A");
    await settle(third, "void");
    expect(await streakOf(player)).toBe(2);
    await settle(second, "B", "The scorers reviewed the final play");

    expect(await historyOf(player)).toEqual([
      {
        title: "Second game",
        change: "won>lost",
        outcomes: "A>B",
        reason: "The scorers reviewed the final play",
        streak: "2>0",
      },
      { title: "Rained off", change: "active>void", outcomes: "->void", reason: null, streak: "2>2" },
      { title: "Second game", change: "active>won", outcomes: "->A", reason: null, streak: "1>2" },
      { title: "First game", change: "active>won", outcomes: "->A", reason: null, streak: "0>1" },
    ]);
    expect(await streakOf(player)).toBe(0);

    const [email] = await outboxFor(await emailOf(player.userId));
    expect(email?.subject).toBe("Your Pickstreak streak was corrected");
    expect(email?.text).toContain(
      'The result of "Second game" was corrected from A to B, so your current streak went from 2 to 0.',
    );
    expect(email?.text).toContain("Reason: The scorers reviewed the final play");
  });

  it("explains an undone outcome, emails only when a correction lowers the streak, and pages newest first", async () => {
    const player = await signedInPlayer(40);
    const questions = [];
    for (let i = 0; i < 22; i++) {
      const question = await insertQuestion({ creditCost: 1, title: `Game ${i}` });
      await placePick(player.userId, question, "no");
      questions.push(question);
    }
    const [lost, ...rest] = questions;
    await settle(lost!, "A");
    for (const question of rest) await settle(question, "B");
    await settle(lost!, "unresolved", "Settled too early");
    expect((await historyOf(player))[0]).toEqual({
      title: "Game 0",
      change: "lost>active",
      outcomes: "A>unresolved",
      reason: "Settled too early",
      streak: "21>21",
    });
    expect(await outboxFor(await emailOf(player.userId))).toEqual([]);

    const firstPage = await successOf(apiClient({ headers: player.bearer }).streak.history.$get({ query: {} }));
    expect(firstPage.body.items).toHaveLength(20);
    const cursor = firstPage.body.nextCursor!;
    const secondPage = await successOf(
      apiClient({ headers: player.bearer }).streak.history.$get({ query: { cursor } }),
    );
    expect(secondPage.body.items.map((e) => e.questionTitle)).toEqual(["Game 2", "Game 1", "Game 0"]);
    expect(secondPage.body.nextCursor).toBeNull();
  });

  it("sends every correction to the player's open screens with its reason, raised or unchanged, and emails neither", async () => {
    const player = await signedInPlayer(20);
    const first = await insertQuestion({ creditCost: 1, title: "Early game" });
    const second = await insertQuestion({ creditCost: 1, title: "Late game" });
    const third = await insertQuestion({ creditCost: 1, title: "Washed out" });
    for (const question of [first, second, third]) await placePick(player.userId, question, "yes");
    await settle(first, "A");
    await settle(second, "B");
    await settle(third, "void");
    const tab = await connect({ headers: player.bearer });

    await settle(second, "A", "The goal was given after review");
    await settle(third, "unresolved", "Played after all");
    const streaks = () => tab.messages.filter((m) => m.type === "streak").map((m) => m.data);
    await vi.waitFor(() => expect(streaks()).toHaveLength(2));
    expect(streaks()).toEqual([
      {
        questionId: second,
        questionTitle: "Late game",
        reason: "The goal was given after review",
        streakBefore: 0,
        streakAfter: 2,
      },
      { questionId: third, questionTitle: "Washed out", reason: "Played after all", streakBefore: 2, streakAfter: 2 },
    ]);
    expect(await outboxFor(await emailOf(player.userId))).toEqual([]);
  });
});
