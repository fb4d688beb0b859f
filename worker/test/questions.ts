import { env } from "cloudflare:test";
import { mirrorQuestions } from "../features/questions/question-mirror";

export type QuestionFixture = {
  id?: string;
  title?: string;
  sportCategory?: string | null;
  customCategory?: string | null;
  creditCost?: number;
  deadline?: number;
  status?: "draft" | "published" | "scheduled" | "resolved";
  questionType?: "standard" | "over_under" | "custom";
  answerOptionA?: string;
  answerOptionB?: string;
  isPlayerProp?: boolean;
  outcome?: string;
  pickCount?: number;
  createdAt?: number;
};

const HOUR = 60 * 60 * 1000;
let counter = 0;

/**
 * Inserts a question straight into the catalogue (the admin API is not what these tests are about), copied to the user
 * shards of the test environment's map as an admin's save would.
 */
export const insertQuestion = async (fixture: QuestionFixture = {}) => {
  counter += 1;
  const now = Date.now();
  const id = fixture.id ?? `q-${counter}-${crypto.randomUUID().slice(0, 8)}`;
  const cost = fixture.creditCost ?? 2;
  await env.DB.prepare(
    `INSERT INTO questions (id, title, sport_category, custom_category, credit_cost, deadline, status, question_type,
       answer_option_a, answer_option_b, is_free_pick, is_player_prop, tags, outcome, pick_count, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16)`,
  )
    .bind(
      id,
      fixture.title ?? `Question ${counter}`,
      fixture.sportCategory === undefined ? "NFL" : fixture.sportCategory,
      fixture.customCategory ?? null,
      cost,
      fixture.deadline ?? now + 24 * HOUR,
      fixture.status ?? "published",
      fixture.questionType ?? "standard",
      fixture.answerOptionA ?? "Yes",
      fixture.answerOptionB ?? "No",
      cost === 0 ? 1 : 0,
      fixture.isPlayerProp ? 1 : 0,
      JSON.stringify(fixture.isPlayerProp ? ["player_props"] : []),
      fixture.outcome ?? "unresolved",
      fixture.pickCount ?? 0,
      fixture.createdAt ?? now,
    )
    .run();
  await mirrorQuestions(env, [id]);
  return id;
};

export const clearQuestions = async () => {
  await env.DB.batch(["user_bookmarks", "user_picks", "activity_feed", "questions"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
};
