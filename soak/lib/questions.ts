import { SPORTS } from "#shared/sports";

type QuestionType = "standard" | "over_under" | "custom";
/** What the admin needs to resolve a question: when it closes and which outcomes fit it. */
export type Resolvable = { id: string; type: QuestionType; deadline: number };

const DAY = 24 * 60 * 60_000;

export const outcomesOf = (type: QuestionType) =>
  type === "over_under" ? (["over", "under"] as const) : (["A", "B"] as const);

const typeOf = (i: number): QuestionType => (i % 6 === 3 ? "over_under" : i % 11 === 5 ? "custom" : "standard");

/** Cost 0 is a free pick; the rest cost 1 to 5 credits, as the demo feed does. */
const costOf = (i: number) => (i % 7 === 0 ? 0 : 1 + (i % 5));

export const questionFields = (i: number, deadline: number) => {
  const type = typeOf(i);
  const sport = SPORTS[i % SPORTS.length] ?? "NFL";
  const [optionA, optionB] =
    type === "over_under" ? ["Over", "Under"] : type === "custom" ? ["Home", "Away"] : ["Yes", "No"];
  return {
    title: `Soak ${i}: will ${sport} team ${i % 31} win match ${i}?`,
    sportCategory: sport,
    creditCost: costOf(i),
    deadline,
    status: "published" as const,
    questionType: type,
    answerOptionA: optionA,
    answerOptionB: optionB,
    tags: i % 9 === 4 ? ["player_props"] : [],
  };
};

/**
 * The seeded feed: `closing` questions whose deadlines fall inside the soak (the admin resolves them as they
 * close), then `open` ones spread over the next 30 days.
 */
export const seededQuestions = (closing: number, open: number, now: number, soakMs: number) =>
  Array.from({ length: closing + open }, (_, i) => {
    const deadline =
      i < closing ? now + 60_000 + Math.round(((i + 1) / closing) * soakMs) : now + DAY + ((i * 7919) % 30) * DAY;
    return { id: `soak-q-${String(i).padStart(4, "0")}`, ...questionFields(i, deadline) };
  });

export const insertQuestionSql = `
  INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, question_type, answer_option_a,
    answer_option_b, is_free_pick, is_player_prop, tags, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?, ?, ?, ?)`;

export const insertQuestionArgs = (q: ReturnType<typeof seededQuestions>[number], now: number) => [
  q.id,
  q.title,
  q.sportCategory,
  q.creditCost,
  q.deadline,
  q.questionType,
  q.answerOptionA,
  q.answerOptionB,
  q.creditCost === 0 ? 1 : 0,
  q.tags.length > 0 ? 1 : 0,
  JSON.stringify(q.tags),
  now,
  now,
];
