import { ADMIN } from "../config";
import { count, pickOne, randomInt, sleep, type SoakContext } from "./context";
import { outcomesOf, questionFields, type Resolvable } from "./questions";
import type { Api } from "./session";

type Outcome = "A" | "B" | "over" | "under" | "void" | "unresolved";
type AdminState = {
  api: Api;
  due: Resolvable[];
  resolved: (Resolvable & { outcome: Outcome })[];
  ownOpen: Resolvable[];
  written: number;
};

const setOutcome = (state: AdminState, id: string, outcome: Outcome) =>
  state.api("PUT /api/admin/questions/:id/outcome", "PUT", `/api/admin/questions/${id}/outcome`, {
    body: { outcome, reason: "Soak correction" },
  });

/** Short questions keep closing during the soak, so settlement, streaks, winnings and redemptions all happen. */
const writeQuestions = async (ctx: SoakContext, state: AdminState) => {
  const now = Date.now();
  state.ownOpen = state.ownOpen.filter((q) => q.deadline > now);
  for (let i = 0; i < 2 && state.ownOpen.length < ADMIN.openShortQuestions; i++) {
    const deadline = now + randomInt(ADMIN.shortDeadlineMs.min, ADMIN.shortDeadlineMs.max);
    const index = 10_000 + state.written++;
    const reply = await state.api<{ question: { id: string } }>(
      "POST /api/admin/questions",
      "POST",
      "/api/admin/questions",
      {
        body: questionFields(index, deadline),
      },
    );
    if (!reply.data) continue;
    const question = { id: reply.data.question.id, type: questionFields(index, deadline).questionType, deadline };
    state.ownOpen.push(question);
    state.due.push(question);
    count(ctx.activity, "questions written");
  }
};

/** Every question past its deadline gets an outcome; a few are voided (every pick refunded). */
const resolveClosed = async (ctx: SoakContext, state: AdminState) => {
  const now = Date.now();
  const closed = state.due.filter((q) => q.deadline <= now);
  state.due = state.due.filter((q) => q.deadline > now);
  for (const question of closed) {
    const outcome: Outcome = Math.random() < ADMIN.voidShare ? "void" : (pickOne(outcomesOf(question.type)) ?? "void");
    const reply = await setOutcome(state, question.id, outcome);
    if (reply.status !== 200) continue;
    state.resolved.push({ ...question, outcome });
    count(ctx.activity, outcome === "void" ? "questions voided" : "questions resolved");
  }
};

/** An admin's correction: the other side won, the event was voided, or the outcome is undone (resolved again later). */
const reviseOne = async (ctx: SoakContext, state: AdminState) => {
  const question = pickOne(state.resolved);
  if (!question || Math.random() >= ADMIN.reviseShare) return;
  const others = [...outcomesOf(question.type), "void", "unresolved"].filter(
    (o) => o !== question.outcome,
  ) as Outcome[];
  const outcome = pickOne(others) ?? "void";
  if ((await setOutcome(state, question.id, outcome)).status !== 200) return;
  count(ctx.activity, "outcomes changed");
  state.resolved = state.resolved.filter((q) => q.id !== question.id);
  if (outcome === "unresolved") state.due.push({ ...question, deadline: Date.now() });
  else state.resolved.push({ ...question, outcome });
};

const decideRedemptions = async (ctx: SoakContext, state: AdminState) => {
  const pending = await state.api<{ items: { id: string }[] }>(
    "GET /api/admin/redemptions",
    "GET",
    "/api/admin/redemptions?status=pending",
  );
  for (const redemption of pending.data?.items ?? []) {
    const status = Math.random() < ADMIN.rejectRedemptionShare ? "rejected" : "fulfilled";
    const reply = await state.api(
      "PATCH /api/admin/redemptions/:id",
      "PATCH",
      `/api/admin/redemptions/${redemption.id}`,
      {
        body: { status, note: status === "rejected" ? "Soak: rejected, credits go back" : "Soak: sent" },
        // Another decision can land first only if two admins act at once; the soak has one.
        expected: [409],
      },
    );
    if (reply.status === 200)
      count(ctx.activity, status === "rejected" ? "redemptions rejected (refunded)" : "redemptions fulfilled");
  }
};

/** The operator's pages: health (which runs the ledger audit) and the question list; now and then an edit. */
const lookAround = async (ctx: SoakContext, state: AdminState) => {
  await state.api("GET /api/admin/health", "GET", "/api/admin/health");
  await state.api("GET /api/admin/questions", "GET", "/api/admin/questions?status=published");
  const open = pickOne(state.ownOpen);
  if (open) {
    const reply = await state.api("PATCH /api/admin/questions/:id", "PATCH", `/api/admin/questions/${open.id}`, {
      body: { title: `Soak ${open.id}: edited while open` },
    });
    if (reply.status === 200) count(ctx.activity, "questions edited");
  }
};

/** The admin from the start of the traffic to its end, one round every ADMIN.tickMs. */
export const runAdmin = async (ctx: SoakContext, api: Api, closing: Resolvable[]) => {
  const state: AdminState = { api, due: [...closing], resolved: [], ownOpen: [], written: 0 };
  let lookedAt = 0;
  while (Date.now() < ctx.stopAt) {
    await writeQuestions(ctx, state);
    await resolveClosed(ctx, state);
    await reviseOne(ctx, state);
    await decideRedemptions(ctx, state);
    if (Date.now() - lookedAt >= ADMIN.healthEveryMs) {
      lookedAt = Date.now();
      await lookAround(ctx, state);
    }
    await sleep(Math.min(ADMIN.tickMs, Math.max(0, ctx.stopAt - Date.now())));
  }
};
