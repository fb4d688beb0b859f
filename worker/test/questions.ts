import { env } from "cloudflare:test";
import { dataContext } from "../db/data-context";
import { copyQuestions } from "../features/questions/question-copies";

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
  await copyQuestions(dataContext(env), [id]);
  return id;
};

export const clearQuestions = async () => {
  await env.DB.batch(
    ["user_bookmarks", "user_picks", "activity_feed", "questions"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
};

/** The ids `copiesOf` gives its copies of a question: `<id>-000001` onwards. */
export const copyIds = (templateId: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${templateId}-${String(i + 1).padStart(6, "0")}`);

/** `count` copies of a question in one database (ids from `copyIds`), each with the given counters. */
export const copiesOf = async (db: D1Database, templateId: string, count: number, pickCount: number) => {
  const columns = (
    await db.prepare("SELECT name FROM pragma_table_info('questions')").all<{ name: string }>()
  ).results.map(({ name }) => name);
  const values = columns.map((name) =>
    name === "id" ? "printf('%s-%06d', ?1, i)" : name === "pick_count" || name === "yes_count" ? "?3" : name,
  );
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO questions (${columns.join(", ")}) SELECT ${values.join(", ")} FROM n, questions WHERE id = ?1`,
    )
    .bind(templateId, count, pickCount)
    .run();
};
